import { own } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import type { LocalizedText } from '../../shared/localized-text';
import type { CardDef } from './cp-cards';
import { cpTerm, describeCpEvent } from './cp-phrasing';
import type { RulesetNaming } from '../../naming/ruleset-naming';

export const CP_WORDS: RulesetNaming = {
  describe: describeCpEvent,
  term: (term, lang, names) => cpTerm(term, lang, names),
  pieceNames: deckCardNames,
};

/**
 * Every card of a registered deck by its printed name, from the deck's secret (its owner sees
 * it at once, everyone after the end): the hand and the deck read «Экзорцист», not «card».
 */
function* deckCardNames(events: readonly RecordedEvent[]): Iterable<[string, LocalizedText]> {
  const defs = new Map<string, Record<string, CardDef>>();
  const nameOf = (def: CardDef | undefined): LocalizedText | undefined =>
    def && typeof def.name === 'string' ? { ru: def.name, en: def.nameEn || def.name } : undefined;
  for (const { type, data } of events) {
    const d = (data ?? {}) as {
      seat?: unknown;
      commanderPiece?: unknown;
      secret?: {
        defs?: Record<string, CardDef>;
        commander?: CardDef;
        cards?: unknown;
        bound?: unknown;
      };
    };
    if (typeof d.seat !== 'string' || !d.secret) continue;
    if (type === 'DeckRegistered' && d.secret.defs) {
      defs.set(d.seat, d.secret.defs);
      const commander = nameOf(d.secret.commander);
      if (typeof d.commanderPiece === 'string' && commander) yield [d.commanderPiece, commander];
    }
    // The registration binds its preselected abilities, DeckBound every other card.
    const binding =
      type === 'DeckRegistered'
        ? d.secret.bound
        : type === 'DeckBound'
          ? d.secret.cards
          : undefined;
    if (binding && typeof binding === 'object') {
      const seatDefs = defs.get(d.seat);
      for (const [piece, key] of Object.entries(binding as Record<string, unknown>)) {
        const name = typeof key === 'string' ? nameOf(own(seatDefs, key)) : undefined;
        if (name) yield [piece, name];
      }
    }
  }
}
