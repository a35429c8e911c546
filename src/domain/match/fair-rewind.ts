import type { NewEvent, RecordedEvent, Visibility } from '../events/recorded-event';
import { zoneName } from '../rulesets/kit/table-names';
import { own } from '../shared/id-record';
import { ruCount, type LocalizedText } from '../shared/localized-text';
import type { CardsDrawnData } from '../table/table-events';
import type { Table } from '../table/table';
import { createDecisionContext } from './decision-context';
import { seatLabel } from './match-decider';
import type { DiceRolledData, RewindCards } from './match-events';
import type { MatchState } from './match-state';

/**
 * Fair rewinds (DESIGN section 6): the cards a voided branch revealed were seen, so a rewind
 * that put them back on top of their decks in the same order would tell the players the
 * future. By default the rewind's write shuffles those decks again with the engine's own
 * provable shuffle (a fresh counter of `shuffle:<deck>`); a judge may keep the order instead,
 * as a named choice with a reason. Server dice need nothing: their counters never go back.
 */

/** What a voided branch revealed from one deck. */
export interface RevealedDeck {
  deck: string;
  /** Cards drawn from it on the branch, card rolls among them. */
  cards: number;
  /** Cards revealed face up and read as a roll (Combat Commander's Fate rolls). */
  cardRolls: number;
  /** Who saw them: 'public', or the seats that drew them. */
  seenBy: Visibility[];
}

export interface VoidedBranchReveals {
  decks: RevealedDeck[];
  /** Server dice rolled on the branch: rolled afresh after the rewind, never reused. */
  serverRolls: number;
}

/**
 * The cards and server rolls of the events a rewind voids (its effective line events after
 * the target), deck by deck in the order each deck was first drawn from.
 */
export function revealsOf(voided: readonly RecordedEvent[]): VoidedBranchReveals {
  const decks = new Map<string, RevealedDeck>();
  let serverRolls = 0;
  for (const event of voided) {
    if (event.type === 'DiceRolled' && (event.data as DiceRolledData).source === 'server')
      serverRolls += 1;
    if (event.type !== 'CardsDrawn') continue;
    const data = event.data as CardsDrawnData;
    const count = Number.isSafeInteger(data.count) && data.count > 0 ? data.count : 0;
    if (typeof data.deck !== 'string' || count === 0) continue;
    let entry = decks.get(data.deck);
    if (!entry) {
      entry = { deck: data.deck, cards: 0, cardRolls: 0, seenBy: [] };
      decks.set(data.deck, entry);
    }
    entry.cards += count;
    if (data.roll) entry.cardRolls += 1;
    const visibility = event.meta.visibility ?? 'public';
    if (!entry.seenBy.includes(visibility)) entry.seenBy.push(visibility);
  }
  return { decks: [...decks.values()], serverRolls };
}

/**
 * The shuffles a fair rewind records after its TimelineRewound: each deck the branch drew
 * from, as `table` (the table the rewind restores) has it, shuffled by the engine's provable
 * shuffle with the match's next counter for that deck. A deck of fewer than two cards has no
 * order to hide. Issuing a ruling and verifying an export both call this.
 */
export function reshuffleEvents(
  state: MatchState,
  table: Table,
  reveals: VoidedBranchReveals,
  seed: Uint8Array,
): NewEvent[] {
  const context = createDecisionContext({ ...state, table }, '', seed);
  return reveals.decks
    .filter(({ deck }) => (own(table.decks, deck)?.order.length ?? 0) >= 2)
    .map(({ deck }) => context.shuffle(deck));
}

/** What the judge reads before issuing: what the branch revealed, and what the rewind does about it. */
export function revealsSummary(
  state: MatchState,
  reveals: VoidedBranchReveals,
  cards: RewindCards,
): LocalizedText {
  const dice: LocalizedText = {
    en: `Server dice never reuse a counter: ${reveals.serverRolls > 0 ? `the ${reveals.serverRolls} server roll${reveals.serverRolls === 1 ? '' : 's'} of the voided branch will be rolled afresh` : 'a rewound roll is rolled afresh'}.`,
    ru: `Серверные кубики никогда не повторяют счётчик: ${reveals.serverRolls > 0 ? `броски отменяемой ветки (${ruCount(reveals.serverRolls, 'бросок', 'броска', 'бросков')}) будут сделаны заново` : 'отменённый бросок будет сделан заново'}.`,
  };
  if (reveals.decks.length === 0)
    return {
      en: `The voided branch revealed no cards. ${dice.en}`,
      ru: `Отменяемая ветка не открыла ни одной карты. ${dice.ru}`,
    };
  const seen = (seenBy: Visibility[]) => ({
    en: seenBy.map((v) =>
      v === 'public' ? 'everyone' : v === 'judges' ? 'judges' : seatLabel(state, v.slice(5)),
    ),
    ru: seenBy.map((v) =>
      v === 'public' ? 'все' : v === 'judges' ? 'судьи' : seatLabel(state, v.slice(5)),
    ),
  });
  const lines = reveals.decks.map(({ deck, cards: count, cardRolls, seenBy }) => {
    const name = zoneName(state.table, deck);
    const who = seen(seenBy);
    return {
      en: `${name.en}: ${count} card${count === 1 ? '' : 's'}${cardRolls ? ` (${cardRolls} of them card rolls)` : ''}, seen by ${who.en.join(', ')}`,
      ru: `«${name.ru}»: ${ruCount(count, 'карта', 'карты', 'карт')}${cardRolls ? ` (из них бросков: ${cardRolls})` : ''}, видели: ${who.ru.join(', ')}`,
    };
  });
  const what: LocalizedText =
    cards.order === 'keep'
      ? {
          en: `They go back on top of their decks in the same order, as the judge chose (${cards.reason}): whoever saw them knows the next cards.`,
          ru: `Они возвращаются наверх своих колод в том же порядке, как решил судья (${cards.reason}): кто их видел, знает следующие карты.`,
        }
      : {
          en: 'They go back to their decks, and each of those decks is shuffled again (a new provable shuffle, recorded with the ruling).',
          ru: 'Они возвращаются в свои колоды, и каждая из этих колод перемешивается заново (новое проверяемое перемешивание, записывается вместе с решением).',
        };
  return {
    en: `The voided branch revealed: ${lines.map((l) => l.en).join('; ')}. ${what.en} ${dice.en}`,
    ru: `Отменяемая ветка открыла: ${lines.map((l) => l.ru).join('; ')}. ${what.ru} ${dice.ru}`,
  };
}
