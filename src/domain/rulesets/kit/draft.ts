import { own } from '../../shared/id-record';
import type { NewEvent, RecordedEvent, Visibility } from '../../events/recorded-event';
import type { SanctionedHidden } from '../../match/hidden-zones';
import { matchEvent } from '../../match/match-events';
import { cloneTable, evolveTable } from '../../table/evolve-table';
import type { Piece, Table } from '../../table/table';
import {
  TABLE_EVENT_TYPES,
  tableEvent,
  type CardRoll,
  type TableEventMap,
  type TableEventType,
} from '../../table/table-events';
import type { CitedMatch, DecisionContext } from '../ruleset';
import type { LocalizedText, Message } from '../../shared/localized-text';
import { refuse } from './refuse';
import { seatName } from './seat-name';

/** What a draft needs of its game: the ruleset's own slice and how to copy it. */
export interface DraftGame<RS> {
  id: string;
  /** The ruleset's evolve: applies one event to its slice (may mutate and return it). */
  evolve(rs: RS, event: RecordedEvent): RS;
  /** A copy of the slice the draft may change; structuredClone by default. */
  copyState?(rs: Readonly<RS>): RS;
}

/**
 * A decision's working copy of the table and of the ruleset's slice. Every event the
 * decision emits is applied at once, so later steps of the same decision (and the automatic
 * transitions after it) read the state their own events produced; the events are what the
 * decision records. `OwnEvents` maps the ruleset's own event types to their data.
 */
export class Draft<RS, OwnEvents extends object = Record<string, never>> {
  readonly table: Table;
  rs: RS;
  readonly events: NewEvent[] = [];
  private finishedBy?: string[];

  constructor(
    readonly ctx: DecisionContext<RS>,
    private readonly game: DraftGame<RS>,
  ) {
    this.table = cloneTable(ctx.table as Table);
    this.rs = game.copyState ? game.copyState(ctx.rs) : structuredClone(ctx.rs as RS);
  }

  /** The seat that made the decision. */
  get seat(): string {
    return this.ctx.seat;
  }

  /** True once the decision has finished the match. */
  get finished(): boolean {
    return this.finishedBy !== undefined;
  }

  /** Records an event and applies it to the draft. */
  emit(event: NewEvent): void {
    this.events.push(event);
    // The engine records DecisionMade at ctx.nextSeq, so the decision's own events follow it.
    const seq = this.ctx.nextSeq + this.events.length;
    if (TABLE_EVENT_TYPES.has(event.type)) evolveTable(this.table, event.type, event.data, seq);
    this.rs = this.game.evolve(this.rs, this.asRecorded(event, seq));
  }

  /** A generic table event (DESIGN section 3). */
  on<K extends TableEventType>(type: K, data: TableEventMap[K], visibility?: Visibility): void {
    this.emit(tableEvent(type, data, visibility));
  }

  /**
   * A generic table event the rules themselves make on pieces hidden from the deciding seat
   * (a revealed Traitor card going back to its deck, a deal): the engine's hidden-zone check
   * lets it through (match/hidden-zones.ts). Anything else touching a hidden piece is refused.
   */
  onHidden<K extends TableEventType>(
    type: K,
    data: TableEventMap[K],
    visibility?: Visibility,
  ): void {
    const sanctioned: NewEvent & SanctionedHidden = {
      ...tableEvent(type, data, visibility),
      sanctionHidden: true,
    };
    this.emit(sanctioned);
  }

  /** One of the ruleset's own events. */
  own<K extends keyof OwnEvents & string>(
    type: K,
    data: OwnEvents[K],
    visibility?: Visibility,
  ): void {
    this.emit(visibility ? { type, data, visibility } : { type, data });
  }

  /** Refuses the decision (see `refuse`): nothing the draft emitted is recorded. */
  refuse(code: string, message: Message, ruleRef?: string): never {
    return refuse(code, message, ruleRef);
  }

  /** A seat as a refusal names it: its player, else its side, else the seat id. */
  seatName(seat: string): LocalizedText {
    return seatName(this.ctx, seat);
  }

  /** Rolls server dice (or records reported faces) and returns the faces. */
  roll(purpose: string, sides: number[], reportedFaces?: number[]): number[] {
    const outcome = this.ctx.roll(purpose, sides, reportedFaces);
    this.emit(outcome.event);
    return outcome.faces;
  }

  /**
   * Draws up to `count` cards from the top of `deck` into zone `to`; the drawn ids are the
   * event's secret, seen by `visibility` (by default the drawing seat). Returns the ids.
   */
  draw(deck: string, count: number, to: string, visibility?: Visibility): string[] {
    const pieces = (own(this.table.decks, deck)?.order ?? []).slice(0, Math.max(0, count));
    this.on(
      'CardsDrawn',
      { deck, to, count: pieces.length, secret: { pieces } },
      visibility ?? `seat:${this.seat}`,
    );
    return pieces;
  }

  /**
   * Reveals the top card of `deck` to everyone, face up into zone `to`: a public draw, so the
   * verifier checks the card against the deck's verified order as it checks every draw.
   * `readAs` reads the card as a roll where a game's dice are cards (the table's last roll).
   * Returns the card's id, undefined when the deck is empty.
   */
  revealTop(
    deck: string,
    to: string,
    readAs?: (card: Piece) => CardRoll | undefined,
  ): string | undefined {
    const top = own(this.table.decks, deck)?.order[0];
    if (top === undefined) return undefined;
    const card = own(this.table.pieces, top);
    const roll = card && readAs ? readAs(card) : undefined;
    this.on(
      'CardsDrawn',
      { deck, to, count: 1, secret: { pieces: [top] }, ...(roll ? { roll } : {}) },
      'public',
    );
    return top;
  }

  /**
   * Shuffles a deck with the provable dice, from its order as the draft has it now (cards
   * this decision returned to it included).
   */
  shuffle(deck: string): void {
    this.emit(this.ctx.shuffle(deck, own(this.table.decks, deck)?.order));
  }

  /**
   * Cites another match the params name (the decision's `cites` lists it): it must exist, be
   * finished, and its head must be the hash the caller saw (else the result read is not the
   * one they meant). Records MatchCited with what this match takes from it (its winners and
   * points) and returns it; refuses otherwise, citing `rule`.
   */
  cite(matchId: string, headHash: string, rule: string): CitedMatch {
    const cited = this.ctx.cited(matchId);
    if (!cited)
      this.refuse(
        'cited_match_unknown',
        { en: `There is no match ${matchId} to link`, ru: 'Такого матча для ссылки нет' },
        rule,
      );
    if (cited.status !== 'finished')
      this.refuse(
        'cited_match_unfinished',
        {
          en: `Match ${matchId} is ${cited.status === 'abandoned' ? 'abandoned' : 'not finished'}: only a finished match's result can be linked`,
          ru: `Этот матч ${cited.status === 'abandoned' ? 'прерван' : 'не завершён'}: сослаться можно только на результат завершённого матча`,
        },
        rule,
      );
    if (cited.headHash !== headHash)
      this.refuse(
        'cited_hash_mismatch',
        {
          en: `Match ${matchId}'s head (seq ${cited.headSeq}) has hash ${cited.headHash}, not ${headHash}: link the match as it is now`,
          ru: `Этот матч изменился (последнее событие — №${cited.headSeq}): сошлитесь на него в нынешнем виде`,
        },
        rule,
      );
    this.emit(
      matchEvent('MatchCited', {
        matchId,
        ruleset: cited.ruleset,
        headSeq: cited.headSeq,
        headHash: cited.headHash,
        took: { winners: [...cited.winners], points: { ...cited.points } },
        seats: cited.seats.map((seat) => ({ ...seat })),
      }),
    );
    return cited;
  }

  /** Ends the match: who won, by which condition of the rules, citing it. */
  finish(winners: string[], condition: string, ruleRef?: string): void {
    if (this.finishedBy) return;
    this.finishedBy = winners;
    this.emit(matchEvent('MatchFinished', { winners, condition, ...(ruleRef ? { ruleRef } : {}) }));
  }

  private asRecorded(event: NewEvent, seq: number): RecordedEvent {
    return {
      eventId: '',
      matchId: this.ctx.matchId,
      seq,
      type: event.type,
      data: event.data,
      meta: {
        actor: { kind: 'seat', id: this.seat, seat: this.seat },
        recordedAt: '',
        ruleset: { id: this.game.id, version: '' },
        visibility: event.visibility ?? 'public',
        prevHash: '',
        hash: '',
      },
    };
  }
}
