import { own } from '../../shared/id-record';
import type { Piece, Table } from '../../table/table';
import type { CardRoll } from '../../table/table-events';
import { decisionsOn, Draft, handZoneId } from '../kit';
import type { AvailabilityContext, DecisionContext } from '../ruleset';
import type { LocalizedText } from '../../shared/localized-text';
import {
  rollValue,
  TRIGGER_NAME,
  TRIGGER_WORD,
  TRIGGERS,
  type FateCardAttrs,
  type Trigger,
} from './cc-cards';
import type { CcEffect, CcEvents, CcSide } from './cc-events';
import {
  compassWalk,
  hexOfZone,
  hexZone,
  neighbours,
  onMap,
  type CompassDirection,
} from './cc-map';
import { ccOptions, type CcOptions } from './cc-options';
import { RULES } from './cc-rules-text';
import { evolveCc, type CcState } from './cc-state';
import type { RollPurpose } from './decisions/rolls.params';

/** The refusal of any decision after the end. */
export const GAME_ENDED: LocalizedText = { en: 'The game has ended', ru: 'Игра окончена' };

/** Zone and track ids of Combat Commander. */
export const Z = {
  deck: (seat: string) => `fate:${seat}`,
  discard: (seat: string) => `discard:${seat}`,
  hand: handZoneId,
  artillery: (seat: string) => `artillery:${seat}`,
  exited: (seat: string) => `exited:${seat}`,
  /** An Order's card while the Order is carried out (option orderDiscard "after-resolve"). */
  played: (seat: string) => `played:${seat}`,
  /** Where the Initiative card lies before its holder: never a hand, never a deck [1]. */
  initiative: (seat: string) => `initiative:${seat}`,
};
export const INITIATIVE_CARD = 'initiative-card';
export const TRACK = { time: 'time', vp: (seat: string) => `vp:${seat}` };

export const UNIT_KINDS: ReadonlySet<string> = new Set(['leader', 'team', 'squad']);

type View = Pick<AvailabilityContext<CcState>, 'table' | 'rs'>;

/**
 * A piece's name for a refusal's detail (in English, as every problem detail): its title's
 * English when the scenario titles it, its one name otherwise, its id when it has none.
 */
export function pieceLabel(piece: Readonly<Piece> | undefined, id: string): string {
  const name = piece?.attrs.name;
  if (typeof name === 'string') return name;
  const en = (name as { en?: unknown } | undefined)?.en;
  return typeof en === 'string' ? en : id;
}

/** A counter's name in both languages, as printed (a setup may give one name for both). */
export function pieceNames(piece: Readonly<Piece> | undefined, id: string): LocalizedText {
  const name = piece?.attrs.name;
  if (typeof name === 'string') return { en: name, ru: name };
  const t = name as Partial<LocalizedText> | undefined;
  if (typeof t?.en === 'string' && typeof t.ru === 'string') return { en: t.en, ru: t.ru };
  return { en: id, ru: id };
}

export function sideOf(rs: Readonly<CcState>, seat: string): CcSide | undefined {
  return rs.sides.find((s) => s.seat === seat);
}

export function opponentOf(rs: Readonly<CcState>, seat: string): string {
  return rs.sides.find((s) => s.seat !== seat)?.seat ?? seat;
}

export function cardsIn(table: Readonly<Table>, zone: string): Piece[] {
  return Object.values(table.pieces).filter((p) => p.zone === zone);
}

export function cardOf(table: Readonly<Table>, id: string): FateCardAttrs | undefined {
  const piece = own(table.pieces, id);
  return piece?.type === 'fate-card' ? (piece.attrs as unknown as FateCardAttrs) : undefined;
}

export function deckCount(table: Readonly<Table>, seat: string): number {
  return own(table.decks, Z.deck(seat))?.order.length ?? 0;
}

/** Units (not Weapons or Radios) standing in a hex. */
export function unitsIn(table: Readonly<Table>, hex: string): Piece[] {
  return Object.values(table.pieces).filter(
    (p) => p.zone === hexZone(hex) && UNIT_KINDS.has(p.type) && p.status !== 'destroyed',
  );
}

/** The best single Cover of the hex: covers do not add up [T78.3]. */
export function bestCover(table: Readonly<Table>, hex: string): number {
  const cover = own(table.zones, hexZone(hex))?.attrs.cover;
  return Array.isArray(cover) && cover.length > 0 ? Math.max(0, ...(cover as number[])) : 0;
}

/** A unit's Morale (the broken side's when broken) plus the best Cover of its hex. */
export function moraleOf(
  table: Readonly<Table>,
  unit: Piece,
): { base: number; cover: number; total: number } {
  const attrs = unit.attrs as { morale?: number; brokenMorale?: number };
  const base =
    unit.status === 'broken' ? (attrs.brokenMorale ?? attrs.morale ?? 0) : (attrs.morale ?? 0);
  const hex = hexOfZone(unit.zone);
  const cover = hex ? bestCover(table, hex) : 0;
  return { base, cover, total: base + cover };
}

/** Melee strength: FP of the seat's units in the hex, +1 for each boxed FP [O16.4]. */
export function meleeFp(
  table: Readonly<Table>,
  seat: string,
  hex: string,
): { fp: number; boxed: number } {
  let fp = 0;
  let boxed = 0;
  for (const unit of unitsIn(table, hex).filter((u) => u.owner === seat)) {
    fp += Number(unit.attrs.fp ?? 0);
    if (unit.attrs.boxedFp === true) boxed += 1;
  }
  return { fp, boxed };
}

export function triggerWaiting(view: View): boolean {
  return view.rs.pending !== undefined;
}

/** Combat Commander's draft: the kit's, with the Fate decks, the break ladder and Time. */
export class CcDraft extends Draft<CcState, CcEvents> {
  readonly options: CcOptions;
  /** Recorded by a judge of the match on the seat's behalf. */
  readonly byJudge: boolean;

  constructor(ctx: DecisionContext<CcState>) {
    super(ctx, { id: 'combat-commander', evolve: evolveCc });
    this.options = ccOptions(ctx.options);
    this.byJudge = ctx.byJudge === true;
    // A battle begun from a position: the decks it did not lay out are shuffled first.
    for (const deck of [...(this.rs.owedShuffles ?? [])]) this.shuffle(deck);
  }

  requireBegun(): void {
    if (!this.rs.begun)
      this.refuse(
        'not_begun',
        {
          en: 'The battle has not begun: the decks are not dealt yet',
          ru: 'Бой ещё не начался: колоды не розданы',
        },
        RULES.handSize,
      );
    if (this.rs.ended) this.refuse('ended', GAME_ENDED, RULES.victory);
  }

  /** The normal flow is suspended while a trigger is resolved [1.9.1]. */
  requireNoTrigger(): void {
    if (this.rs.pending)
      this.refuse(
        'trigger_pending',
        {
          en: `The ${TRIGGER_NAME[this.rs.pending.trigger].en} trigger of the last roll is being resolved first`,
          ru: `Сначала разыгрывается триггер «${TRIGGER_NAME[this.rs.pending.trigger].ru}» последнего броска`,
        },
        RULES.suspend,
      );
  }

  handOf(seat: string): string[] {
    return cardsIn(this.table, Z.hand(seat)).map((p) => p.id);
  }

  requireInHand(seat: string, card: string): FateCardAttrs {
    const attrs = cardOf(this.table, card);
    if (!attrs || own(this.table.pieces, card)?.zone !== Z.hand(seat))
      this.refuse(
        'not_in_hand',
        { en: 'That card is not in your hand', ru: 'Этой карты нет у вас на руке' },
        RULES.noCard,
      );
    return attrs;
  }

  /** The deck a roll or a reveal by `seat` uses (option rollDeck). */
  deckSeat(seat: string): string {
    return this.options.rollDeck === 'active' ? (this.rs.turn?.seat ?? seat) : seat;
  }

  /** Reveals the top card of the seat's deck onto its discard, face up [1.4]. */
  revealFrom(
    deckSeat: string,
    readAs?: (card: FateCardAttrs) => CardRoll,
  ): { id: string; card: FateCardAttrs } {
    const read = readAs && ((piece: Piece) => readAs(piece.attrs as unknown as FateCardAttrs));
    let id = this.revealTop(Z.deck(deckSeat), Z.discard(deckSeat), read);
    if (id === undefined && this.options.deckExhausted === 'when-needed') {
      // The exhausted deck advances Time now that a card is needed.
      this.advanceTime('last-card', deckSeat);
      id = this.revealTop(Z.deck(deckSeat), Z.discard(deckSeat), read);
    }
    if (id === undefined) {
      // An empty deck (every card in hands or spent under option reshuffle-only): reshuffle.
      this.reshuffle([deckSeat]);
      id = this.revealTop(Z.deck(deckSeat), Z.discard(deckSeat), read);
    }
    const card = id === undefined ? undefined : cardOf(this.table, id);
    if (id === undefined || !card)
      return this.refuse(
        'deck_empty',
        {
          en: 'No Fate card is left to reveal, even after a reshuffle',
          ru: 'Открыть нечего: карт Судьбы не осталось даже после перемешивания',
        },
        RULES.roll,
      );
    return { id, card };
  }

  /** After a card left the deck: the last card brings a Time advance (option deckExhausted). */
  afterDeckDraw(deckSeat: string): boolean {
    if (deckCount(this.table, deckSeat) > 0) return false;
    // Under "when-needed" the advance waits for the next card the deck must give.
    if (this.options.deckExhausted === 'when-needed') return false;
    if (this.options.deckExhausted === 'time-advance') this.advanceTime('last-card', deckSeat);
    else this.reshuffle([deckSeat]);
    return true;
  }

  /** Discard and deck shuffled together into a new deck, with the provable shuffle. */
  reshuffle(seats: string[]): void {
    for (const seat of seats) {
      const spent = cardsIn(this.table, Z.discard(seat)).map((p) => p.id);
      if (spent.length > 0) this.on('PiecesMoved', { pieces: spent, to: Z.deck(seat) });
      this.shuffle(Z.deck(seat));
    }
  }

  /** Time advance [6.1.2, absent]: the Time track moves on and the deck is reshuffled. */
  advanceTime(cause: 'time-trigger' | 'last-card', deckSeat: string): void {
    const time = (own(this.table.tracks, TRACK.time)?.value ?? 0) + 1;
    this.on('TrackChanged', { track: TRACK.time, value: time, delta: 1 });
    // Both decks reshuffled is both players acting at once: the inactive player first.
    const reshuffled = this.options.reshuffleDecks;
    const decks =
      reshuffled === 'both'
        ? this.inactiveFirst().map((s) => s.seat)
        : [reshuffled === 'other' ? opponentOf(this.rs, deckSeat) : deckSeat];
    this.own('TimeAdvanced', { time, cause, decks: decks.map(Z.deck) });
    // Which comes first, the roll or the reshuffle, is option suddenDeathTiming.
    const rollFirst = this.options.suddenDeathTiming === 'before-reshuffle';
    if (rollFirst) this.suddenDeathRoll(cause, time);
    this.reshuffle(decks);
    if (!rollFirst) this.suddenDeathRoll(cause, time);
  }

  /**
   * The Sudden Death roll is made during the Time! trigger, so it sets off no trigger of its
   * own; whether it ends the game is the absent 6.1.2: stated and confirmed.
   */
  private suddenDeathRoll(cause: 'time-trigger' | 'last-card', time: number): void {
    const pending = this.rs.pending;
    if (
      cause === 'time-trigger' &&
      this.rs.suddenDeath > 0 &&
      time >= this.rs.suddenDeath &&
      pending
    ) {
      const seat =
        this.options.suddenDeathRoller === 'active'
          ? (this.rs.turn?.seat ?? pending.seat)
          : pending.seat;
      const roll = this.fateRoll(seat, 'sudden-death', {});
      const value = own(this.rs.rollsMade, roll)?.value ?? 0;
      this.own('SuddenDeathRolled', { roll, seat, value, time, space: this.rs.suddenDeath });
    }
  }

  /** The sides in the order they act when both must act at once: the inactive player first. */
  inactiveFirst(): CcSide[] {
    const active = this.rs.turn?.seat ?? this.rs.first;
    return [...this.rs.sides].sort((a, b) => Number(a.seat === active) - Number(b.seat === active));
  }

  /** Draws up to `count` cards into the seat's hand, a Time advance whenever the deck runs out. */
  drawToHand(seat: string, count: number): number {
    let drawn = 0;
    while (drawn < count) {
      if (deckCount(this.table, seat) === 0 && this.options.deckExhausted === 'when-needed')
        this.advanceTime('last-card', seat);
      const available = deckCount(this.table, seat);
      if (available === 0) break;
      const take = Math.min(available, count - drawn);
      this.draw(Z.deck(seat), take, Z.hand(seat), `seat:${seat}`);
      drawn += take;
      this.afterDeckDraw(seat);
    }
    return drawn;
  }

  /** Break ladder: unbroken → broken; broken → eliminated [3.2]. Units, Weapons and Radios. */
  breakPiece(id: string, cause: string): void {
    const piece = own(this.table.pieces, id);
    if (!piece || piece.status === 'destroyed') return;
    if (piece.status === 'broken') {
      this.on('PiecesDestroyed', { pieces: [id], cause });
      this.own('PieceBroken', { piece: id, cause, eliminated: true });
    } else {
      this.on('PieceChanged', { piece: id, status: 'broken' });
      this.own('PieceBroken', { piece: id, cause, eliminated: false });
    }
  }

  /**
   * A roll: the top card revealed, its dice read (sum; product for Targeting). Its trigger
   * is resolved before the result is applied; a roll made inside a trigger ignores its own.
   */
  fateRoll(
    seat: string,
    purpose: RollPurpose,
    extra: Pick<
      CcEvents['FateRolled'],
      'unit' | 'morale' | 'weapons' | 'reroll' | 'group' | 'target' | 'fire'
    > & {
      meleeHex?: string;
    },
  ): string {
    const deckSeat = this.deckSeat(seat);
    const inside = this.rs.pending !== undefined;
    const { id, card } = this.revealFrom(deckSeat, (c) => readRoll(c, purpose, inside).roll);
    const roll = `r${this.rs.rolls + 1}`;
    const targeting = purpose === 'targeting';
    const { value, printed, ignored } = readRoll(card, purpose, inside);
    const lastCard = deckCount(this.table, deckSeat) === 0;
    const melee = extra.meleeHex
      ? (() => {
          const { fp, boxed } = meleeFp(this.table, seat, extra.meleeHex);
          return { hex: extra.meleeHex, fp, boxed, strength: fp + boxed + value };
        })()
      : undefined;
    this.own('FateRolled', {
      roll,
      seat,
      purpose,
      card: id,
      dice: [card.dice[0], card.dice[1]],
      value,
      combine: targeting ? 'product' : 'sum',
      ...(printed ? { trigger: printed } : {}),
      ...(ignored ? { ignored } : {}),
      ...(lastCard ? { lastCard: true } : {}),
      ...(extra.group ? { group: extra.group } : {}),
      ...(extra.target ? { target: extra.target } : {}),
      ...(extra.fire ? { fire: extra.fire } : {}),
      ...(extra.unit ? { unit: extra.unit } : {}),
      ...(extra.morale ? { morale: extra.morale } : {}),
      ...(melee ? { melee } : {}),
      ...(extra.weapons ? { weapons: extra.weapons } : {}),
      ...(extra.reroll ? { reroll: extra.reroll } : {}),
    });
    const fires = printed !== undefined && ignored === undefined;
    // The last card: the Time advance comes first, then any trigger but Time! [1.9.1]; a
    // Time! on the last card is one advance or two (option lastCardTime).
    const timeOnLast = lastCard && fires && printed === 'time';
    if (lastCard && !(timeOnLast && this.options.lastCardTime === 'one'))
      this.afterDeckDraw(deckSeat);
    if (!fires) {
      if (!inside) this.own('RollApplied', { roll, value, purpose });
      return roll;
    }
    this.own('TriggerFired', {
      roll,
      trigger: printed,
      seat,
      purpose,
      value,
      ...(lastCard && printed !== 'time' ? { afterTimeAdvance: true } : {}),
    });
    switch (printed) {
      case 'jammed':
        for (const weapon of extra.weapons ?? []) this.breakPiece(weapon, 'jammed');
        this.resolveTrigger();
        break;
      case 'time':
        this.advanceTime('time-trigger', deckSeat);
        // A Sudden Death roll keeps the trigger open until its outcome is stated.
        if (!this.rs.pending?.suddenDeath) this.resolveTrigger();
        break;
      case 'event': {
        const next = this.revealFrom(deckSeat);
        this.own('EventRevealed', {
          roll,
          card: next.id,
          event: next.card.event,
          reader: seat,
          ...(next.card.eventTitle ? { title: next.card.eventTitle } : {}),
        });
        this.afterDeckDraw(deckSeat);
        break;
      }
      case 'sniper': {
        const next = this.revealFrom(deckSeat);
        this.own('SniperHexRevealed', { roll, card: next.id, hex: next.card.hex });
        this.afterDeckDraw(deckSeat);
        break;
      }
    }
    return roll;
  }

  /** The trigger is done: the remembered result is applied now [1.9.1]. */
  resolveTrigger(): void {
    const pending = this.rs.pending;
    if (!pending) return;
    this.own('TriggerResolved', { roll: pending.roll, trigger: pending.trigger });
    this.own('RollApplied', { roll: pending.roll, value: pending.value, purpose: pending.purpose });
  }

  /** The hex a move effect ends in: given, or walked by compass direction [2.2.2]. */
  targetHex(effect: CcEffect, from: string | undefined): string | undefined {
    if (effect.to) return effect.to;
    if (from && effect.direction)
      return compassWalk(
        from,
        effect.direction as CompassDirection,
        effect.distance ?? 1,
        this.rs.grid,
      );
    return undefined;
  }

  /** Applies a confirmed outcome stated by `stater`, effect by effect, then Objective control. */
  applyEffects(effects: readonly CcEffect[], cause: string, stater: string): void {
    for (const effect of effects) {
      const piece = effect.piece ? own(this.table.pieces, effect.piece) : undefined;
      switch (effect.kind) {
        case 'break':
          if (piece) this.breakPiece(piece.id, cause);
          break;
        case 'eliminate':
          if (piece && piece.status !== 'destroyed') {
            this.on('PiecesDestroyed', { pieces: [piece.id], cause });
            this.own('PieceBroken', { piece: piece.id, cause, eliminated: true });
          }
          break;
        case 'recover':
        case 'repair':
          if (piece && piece.status === 'broken')
            this.on('PieceChanged', { piece: piece.id, status: 'active' });
          break;
        case 'move': {
          const to = piece ? this.targetHex(effect, hexOfZone(piece.zone)) : undefined;
          if (piece && to) {
            const carried = Object.values(this.table.pieces)
              .filter(
                (p) => p.type === 'weapon' && p.attrs.unit === piece.id && p.status !== 'destroyed',
              )
              .map((p) => p.id);
            this.on('PiecesMoved', { pieces: [piece.id, ...carried], to: hexZone(to) });
          }
          break;
        }
        case 'exit':
          if (piece?.owner) {
            this.on('PiecesMoved', { pieces: [piece.id], to: Z.exited(piece.owner) });
            this.own('UnitExited', { unit: piece.id, seat: piece.owner });
          }
          break;
        case 'return':
          if (piece && effect.to)
            this.on('PiecesRestored', { pieces: [piece.id], to: hexZone(effect.to) });
          break;
        case 'vp':
          if (effect.seat && effect.amount !== undefined) {
            const track = TRACK.vp(effect.seat);
            const value = (own(this.table.tracks, track)?.value ?? 0) + effect.amount;
            this.on('TrackChanged', { track, owner: effect.seat, value, delta: effect.amount });
          }
          break;
        case 'end':
          this.finish(
            effect.seat ? [effect.seat] : [],
            cause === 'sudden-death'
              ? 'Sudden Death: stated and confirmed end of the game'
              : 'stated and confirmed end of the game',
            cause === 'sudden-death' ? RULES.insideTrigger : RULES.victory,
          );
          break;
        case 'initiative':
          if (effect.seat && effect.seat !== this.rs.initiative) {
            const from = this.rs.initiative ?? '';
            this.on('PiecesMoved', { pieces: [INITIATIVE_CARD], to: Z.initiative(effect.seat) });
            this.own('InitiativePassed', { seat: effect.seat, from });
          }
          break;
        case 'reroll': {
          const made = effect.roll ? own(this.rs.rollsMade, effect.roll) : undefined;
          if (made && effect.roll)
            this.fateRoll(made.seat, made.purpose, {
              reroll: effect.roll,
              ...(made.unit ? { unit: made.unit } : {}),
              // The same Fire again: its firers and target, its Weapons for Jammed!.
              ...made.fire,
            });
          break;
        }
        case 'show-hand':
          if (effect.seat) {
            const shown = cardsIn(this.table, Z.hand(effect.seat))
              .map((p) => ({ id: p.id, card: cardOf(this.table, p.id) }))
              .sort((a, b) => a.id.localeCompare(b.id));
            this.own(
              'HandShown',
              {
                seat: effect.seat,
                to: stater,
                count: shown.length,
                secret: {
                  cards: shown.map(({ id, card }) => ({
                    id,
                    order: card?.order ?? '',
                    action: card?.action ?? '',
                  })),
                },
              },
              `seat:${stater}`,
            );
          }
          break;
      }
    }
    this.updateControl();
  }

  /** Each Objective goes to the side that last solely controlled it: its units alone there [2.3]. */
  updateControl(): void {
    for (const objective of this.rs.objectives) {
      const owners = new Set(unitsIn(this.table, objective.hex).map((u) => u.owner));
      if (owners.size !== 1) continue;
      const [seat] = [...owners];
      if (seat && seat !== objective.controller)
        this.own('ObjectiveControlled', { number: objective.number, seat });
    }
  }

  /** A hex on this match's map, from what a player typed («С7» with a Cyrillic С too). */
  onMap(hex: string): boolean {
    return onMap(hex, this.rs.grid);
  }

  adjacentOrSame(hex: string, other: string): boolean {
    return hex === other || neighbours(hex, this.rs.grid).includes(other);
  }
}

/** A card read as a roll: sum or Targeting product, the trigger printed and whether it fires. */
export function readRoll(
  card: FateCardAttrs,
  purpose: RollPurpose,
  inside: boolean,
): {
  value: number;
  printed?: Trigger;
  ignored?: 'inside-trigger' | 'not-a-fire-roll';
  roll: CardRoll;
} {
  const targeting = purpose === 'targeting';
  const faces = Array.isArray(card.dice) ? card.dice.slice(0, 2) : [0, 0];
  const value = rollValue(faces, targeting);
  const printed = (TRIGGERS as readonly string[]).includes(card.trigger ?? '')
    ? (card.trigger as Trigger)
    : undefined;
  const ignored = !printed
    ? undefined
    : inside
      ? ('inside-trigger' as const)
      : printed === 'jammed' && purpose !== 'fire'
        ? ('not-a-fire-roll' as const)
        : undefined;
  return {
    value,
    printed,
    ignored,
    roll: {
      purpose,
      faces,
      sides: faces.map(() => 6),
      value,
      combine: targeting ? 'product' : 'sum',
      ...(printed ? { trigger: TRIGGER_WORD[printed] } : {}),
      ...(ignored ? { triggerIgnored: true } : {}),
    },
  };
}

export const ccDecision = decisionsOn<CcState, CcDraft>((ctx) => new CcDraft(ctx));
