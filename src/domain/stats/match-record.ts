import { sha256Hex } from '../shared/sha256';
import { canonicalJson } from '../events/canonical-json';
import type { RecordedEvent } from '../events/recorded-event';
import { evolveMatch } from '../match/evolve-match';
import type { DecisionMadeData, DiceRolledData } from '../match/match-events';
import { initialMatchState, voidingOf, type MatchState } from '../match/match-state';
import { rollSeatReader } from '../match/roll-seat';
import type { OptionValue, Ruleset } from '../rulesets/ruleset';
import { DiceTally, type DeckRollCount, type FaceCount } from './dice-luck';
import { playerKey } from './player-key';
import { decisionChoices } from '../naming/match-phrases';
import type { LocalizedText } from '../shared/localized-text';

export type DiceSource = 'server' | 'reported';

export interface SeatRecord {
  seat: string;
  /** 1-based place in the match's seat order. */
  position: number;
  side?: string;
  faction?: string;
  /** The name the player claimed the seat with. */
  player?: string;
  /** The name's key (playerKey): who a seat claimed by name only is across matches. */
  playerKey?: string;
  /** The registered player who claimed the seat, if one did. */
  playerId?: string;
  won: boolean;
}

/** A seat's first decision of a match: its kind, and what it chose as the log says it. */
export interface OpeningRecord {
  seat: string;
  kind: string;
  /** The choice after the seat's name ("перемещает Крейсер → Север"), in both languages. */
  choice: LocalizedText;
}

export interface LossCount {
  owner: string;
  type: string;
  count: number;
}

export interface SeatDice extends FaceCount {
  seat: string;
  source: DiceSource;
}

/** A seat's rolls read off cards of one deck and reading (Ruleset.cardRolls): provable shuffles. */
export interface SeatCardRolls extends DeckRollCount {
  seat: string;
  source: DiceSource;
}

/** What the statistics keep of one finished match: the row its aggregates are summed from. */
export interface MatchRecord {
  matchId: string;
  ruleset: { id: string; version: string };
  options: Record<string, OptionValue>;
  /** optionsHash(options): matches with the same options play the same game. */
  optionsHash: string;
  seats: SeatRecord[];
  winners: string[];
  /** The seat that made the first decision on the effective line, if any did. */
  firstSeat?: string;
  /** Decisions on the effective line (undone and voided ones left out). */
  decisions: number;
  /** The round the table's turn reached. */
  rounds: number;
  /** From the start to the end, in minutes of server time. */
  minutes?: number;
  /** The loss piles at the end, per owner and piece type. */
  losses: LossCount[];
  /**
   * Every die every seat rolled, voided rolls included: each was a real draw from the dice,
   * and leaving out the rolls a rewind took back would bias the sample.
   */
  dice: SeatDice[];
  /** Every roll every seat read off a card (voided ones included, as dice), per deck and value. */
  cardRolls: SeatCardRolls[];
  /**
   * Each seat's first decision on the effective line once the match started (a judge's
   * recorded for it aside): what the opening statistics count.
   */
  openings: OpeningRecord[];
}

/** A stable name for an option set: the first 16 hex digits of sha256(canonical JSON). */
export function optionsHash(options: Record<string, OptionValue>): string {
  return sha256Hex(canonicalJson(options)).slice(0, 16);
}

/**
 * Folds a match's events (from seq 0, in order) and keeps what its statistics need.
 * Undefined unless the match finished: an abandoned or live match has no result to count.
 */
export function matchRecordOf(
  ruleset: Ruleset,
  events: Iterable<RecordedEvent>,
): MatchRecord | undefined {
  const log: RecordedEvent[] = [];
  let state: MatchState | undefined;
  const rollSeat = rollSeatReader();
  const tallies: Record<DiceSource, Map<string, DiceTally>> = {
    server: new Map(),
    reported: new Map(),
  };
  const tallyOf = (source: DiceSource, seat: string): DiceTally => {
    let tally = tallies[source].get(seat);
    if (!tally) tallies[source].set(seat, (tally = new DiceTally()));
    return tally;
  };
  const readCardRoll = ruleset.cardRolls?.();
  for (const event of events) {
    if (!state) state = initialMatchState(event.matchId, ruleset.initialState());
    evolveMatch(ruleset, state, event);
    log.push(event);
    const seat = rollSeat(event);
    // A card's roll: the engine's provable shuffle made the deck's order, as it rolls server dice.
    const card = readCardRoll?.(event, state.table);
    if (card) tallyOf('server', card.seat).addCardRoll(card, card.value);
    if (event.type !== 'DiceRolled' || seat === undefined) continue;
    const roll = (event.data ?? {}) as Partial<DiceRolledData>;
    const source: DiceSource = roll.source === 'reported' ? 'reported' : 'server';
    const tally = tallyOf(source, seat);
    if (Array.isArray(roll.sides) && Array.isArray(roll.faces))
      tally.addRoll(roll.sides, roll.faces);
  }
  if (!state || state.status !== 'finished' || !state.result) return undefined;
  const finished = state;
  const winners = [...state.result.winners];
  const seats = finished.seats.map((seat, index): SeatRecord => {
    const name = seat.player?.name;
    return {
      seat: seat.seat,
      position: index + 1,
      ...(seat.side !== undefined ? { side: seat.side } : {}),
      ...(seat.faction !== undefined ? { faction: seat.faction } : {}),
      ...(name !== undefined ? { player: name, playerKey: playerKey(name) } : {}),
      ...(seat.player?.playerId !== undefined ? { playerId: seat.player.playerId } : {}),
      won: winners.includes(seat.seat),
    };
  });
  const effective = log.filter((event) => voidingOf(finished, event.seq) === undefined);
  const decisions = effective.filter(
    (event) => event.type === 'DecisionMade' && event.seq > (finished.startedSeq ?? -1),
  );
  const own = decisions.filter((event) => !(event.data as DecisionMadeData).judgeRecorded);
  const first = own[0];
  const firstOfSeat = new Map<string, RecordedEvent>();
  for (const event of own) {
    const { seat } = event.data as DecisionMadeData;
    if (typeof seat === 'string' && !firstOfSeat.has(seat)) firstOfSeat.set(seat, event);
  }
  const choices = decisionChoices(
    effective,
    finished.seats.map(({ seat, side, faction, player }) => ({
      seat,
      ...(side !== undefined ? { side } : {}),
      ...(faction !== undefined ? { faction } : {}),
      ...(player ? { player: player.name } : {}),
    })),
    ruleset,
    [...firstOfSeat.values()],
  );
  const openings: OpeningRecord[] = [...firstOfSeat].map(([seat, event]) => {
    const { kind } = event.data as DecisionMadeData;
    return { seat, kind, choice: choices.get(event.seq) ?? { en: kind, ru: kind } };
  });
  const losses: LossCount[] = [];
  for (const [owner, pile] of Object.entries(finished.table.losses)) {
    const byType = new Map<string, number>();
    for (const entry of pile) byType.set(entry.type, (byType.get(entry.type) ?? 0) + 1);
    for (const [type, count] of byType) losses.push({ owner, type, count });
  }
  const dice: SeatDice[] = (['server', 'reported'] as const).flatMap((source) =>
    [...tallies[source].entries()].flatMap(([seat, tally]) =>
      tally.faceCounts().map((count) => ({ seat, source, ...count })),
    ),
  );
  const cardRolls: SeatCardRolls[] = (['server', 'reported'] as const).flatMap((source) =>
    [...tallies[source].entries()].flatMap(([seat, tally]) =>
      tally.cardRollCounts().map((count) => ({ seat, source, ...count })),
    ),
  );
  const started = Date.parse(finished.startedAt ?? '');
  const ended = Date.parse(finished.endedAt ?? '');
  return {
    matchId: finished.matchId,
    ruleset: { ...finished.ruleset },
    options: { ...finished.options },
    optionsHash: optionsHash(finished.options),
    seats,
    winners,
    ...(first ? { firstSeat: (first.data as DecisionMadeData).seat } : {}),
    decisions: decisions.length,
    rounds: finished.table.turn.round,
    ...(Number.isFinite(started) && Number.isFinite(ended)
      ? { minutes: Math.max(0, (ended - started) / 60_000) }
      : {}),
    losses,
    dice,
    cardRolls,
    openings,
  };
}
