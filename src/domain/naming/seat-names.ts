import type { Lang } from '../rulesets/ruleset';
import type { LocalizedText } from '../shared/localized-text';
import type { RulesetNaming } from './ruleset-naming';
import { nameInCase, type RussianCase } from './russian-name-cases';

/** A match's seat as the match lists it: its player's name and its side or faction, if any. */
export interface MatchSeatNames {
  seat: string;
  player?: string;
  side?: string;
  faction?: string;
}

/**
 * The people and sides of a match as a reader names them: the player who claimed a seat
 * ("Анна"), the side or faction it plays ("Сол"), and the seat id only when neither is known.
 */
export class SeatNames {
  private readonly players = new Map<string, string>();
  private readonly sides = new Map<string, LocalizedText>();
  /** Judges and organizers known by name (the reader, the match's judges), by actor id. */
  private readonly people = new Map<string, string>();
  readonly seats: string[];

  constructor(
    seats: readonly MatchSeatNames[],
    words: Pick<RulesetNaming, 'faction'>,
    claims: Iterable<{ seat: string; name: string }> = [],
    /**
     * The sides the ruleset gives seats the match declares none for (a scenario's nations), and
     * the names of the sides its table names that are no seat (a Star Wars legion played from
     * its role seats, sw-roles.ts).
     */
    rulesetSides: ReadonlyMap<string, LocalizedText> = new Map(),
  ) {
    this.seats = seats.map((s) => s.seat);
    for (const seat of seats) {
      if (seat.player) this.players.set(seat.seat, seat.player);
      // A seat named after its faction (Rex's «sol») is that faction's, unless it says otherwise.
      const faction = words.faction?.(seat.faction ?? seat.seat);
      const side = faction ?? (seat.side || seat.faction || rulesetSides.get(seat.seat));
      if (side) this.sides.set(seat.seat, typeof side === 'string' ? { en: side, ru: side } : side);
    }
    for (const [id, side] of rulesetSides) if (!this.seats.includes(id)) this.sides.set(id, side);
    for (const claim of claims) this.players.set(claim.seat, claim.name);
  }

  /** The player's name, else the side's, else the seat id. */
  seat(seat: string, lang: Lang): string {
    return this.players.get(seat) ?? this.side(seat, lang) ?? seat;
  }

  /**
   * The seat's name in the case a Russian sentence puts it («против Бориса»): the player's
   * name declined; a side's name, which the ruleset spells, as it stands.
   */
  seatIn(seat: string, lang: Lang, grammaticalCase: RussianCase): string {
    const player = this.players.get(seat);
    return lang === 'ru' && player ? nameInCase(player, grammaticalCase) : this.seat(seat, lang);
  }

  side(seat: string, lang: Lang): string | undefined {
    const side = this.sides.get(seat);
    return side ? side[lang] || side.en : undefined;
  }

  /** "Анна (Сол)": the player and the side, where both are known. */
  full(seat: string, lang: Lang): string {
    const player = this.players.get(seat);
    const side = this.side(seat, lang);
    return player && side ? `${player} (${side})` : this.seat(seat, lang);
  }

  /** Names a judge or an organizer by its actor id (events record only the id). */
  addPerson(actorId: string, name: string): void {
    this.people.set(actorId, name);
  }

  /** The people the viewer context names: the reader itself, and the match's judges. */
  addPeopleOf(viewer: {
    actorId?: string;
    name?: string;
    judges?: readonly { id: string; name?: string }[];
  }): void {
    for (const judge of viewer.judges ?? []) if (judge.name) this.addPerson(judge.id, judge.name);
    if (viewer.actorId && viewer.name) this.addPerson(viewer.actorId, viewer.name);
  }

  person(actorId: string): string | undefined {
    return this.people.get(actorId);
  }

  /** A seat's place in the match's seats, from 1 (undefined for a seat not in the match). */
  number(seat: string): number | undefined {
    const i = this.seats.indexOf(seat);
    return i < 0 ? undefined : i + 1;
  }

  /** Whether `seat` is one of the match's seats. */
  has(seat: string): boolean {
    return this.seats.includes(seat);
  }

  /**
   * A name recorded with a seat id in it ("Рука red", "red's deck"): the id replaced by the
   * seat's name. Seat ids are plain ASCII words, so a word boundary finds them.
   */
  withSeatNames(text: string, owner: string | undefined, lang: Lang): string {
    if (!owner || !this.has(owner)) return text;
    const id = owner.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // "Рука red" → "Рука (Анна)": a name after a noun stands apart, never in a wrong case.
    const trailing = new RegExp(`\\s${id}$`);
    if (trailing.test(text)) return text.replace(trailing, ` (${this.seat(owner, lang)})`);
    return text.replace(
      new RegExp(`(^|[^A-Za-z0-9_-])${id}(?=$|[^A-Za-z0-9_-])`, 'g'),
      (_m, pre) => `${pre as string}${this.seat(owner, lang)}`,
    );
  }
}
