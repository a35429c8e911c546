import { own } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import type { LocalizedText } from '../../shared/localized-text';
import { FACTIONS, isFaction } from './rex-factions';
import { describeRexEvent, REX_TERMS } from './rex-phrasing';
import type { RulesetNaming } from '../../naming/ruleset-naming';

/**
 * A Traitor card is named by the leader it betrays. The deck is set up face down (its order
 * and who holds which card are secret), but which leaders it holds is public: the card
 * `traitor:<seat>:<n>` is the leader `leader:<seat>:<n>`'s, so a called Traitor reads by name
 * for every reader, never by its id.
 */
function* traitorCardNames(events: readonly RecordedEvent[]): Iterable<[string, LocalizedText]> {
  for (const { type, data } of events) {
    if (type !== 'PiecesCreated') continue;
    const pieces = (data as { pieces?: unknown }).pieces;
    if (!Array.isArray(pieces)) continue;
    for (const piece of pieces as { id?: unknown; attrs?: { name?: unknown } }[]) {
      const name = piece.attrs?.name as LocalizedText | undefined;
      if (typeof piece.id !== 'string' || !piece.id.startsWith('leader:')) continue;
      if (typeof name?.en !== 'string' || typeof name.ru !== 'string') continue;
      yield [`traitor:${piece.id.slice('leader:'.length)}`, { en: name.en, ru: name.ru }];
    }
  }
}

export const REX_WORDS: RulesetNaming = {
  describe: describeRexEvent,
  term: (term, lang) => own(REX_TERMS, term)?.[lang],
  faction: (id) => (isFaction(id) ? FACTIONS[id].name : undefined),
  pieceNames: traitorCardNames,
};
