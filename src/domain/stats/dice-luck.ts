import { DICE_SPEC_LIMITS } from '../dice/dice-spec';
import type { LocalizedText } from '../shared/localized-text';
import { chiSquarePValue } from './chi-square';

/** How often one face of one die size came up. */
export interface FaceCount {
  sides: number;
  /** 1..sides */
  face: number;
  count: number;
}

export interface DieSizeLuck {
  sides: number;
  dice: number;
  /** counts[i]: how often face i + 1 came up. */
  counts: number[];
  /** Pearson's chi-square statistic against fair dice (each face dice / sides times). */
  chiSquare: number;
  degreesOfFreedom: number;
  /** P(a fair die gives a statistic at least this large); null for a one-sided die. */
  pValue: number | null;
  /**
   * Whether every face was expected at least 5 times, the usual condition for the chi-square
   * approximation: below it the p-value is a rough guide only.
   */
  reliable: boolean;
}

/** One value a card roll can give, and how many of the deck's cards give it. */
export interface RollOutcome {
  value: number;
  /** Cards of the deck that give this value (> 0). */
  weight: number;
}

/**
 * What a card roll is drawn from: a deck whose cards print dice in the deck's own mix, read
 * as their sum or (a Targeting roll) their product. Every card of the deck is equally likely
 * to be the one revealed, so each value's probability is its weight over the deck's size.
 */
export interface DeckRollKind {
  /** The deck as a person reads it (a nation's Fate deck: «Германия»). */
  deck: LocalizedText;
  combine: 'sum' | 'product';
  /**
   * The values the deck gives, "value:weight" pairs ascending by value, comma-separated
   * ("2:2,3:4,…,12:2"): the distribution itself, so rolls of the same deck group together
   * across matches and a deck list of another mix never does (rollOutcomesKey).
   */
  outcomes: string;
}

/** A ruleset's roll read off a card: whose it is, what it was drawn from, and what it gave. */
export interface CountedRoll extends DeckRollKind {
  seat: string;
  value: number;
}

/** How often a card roll of one kind gave one value. */
export interface DeckRollCount extends DeckRollKind {
  value: number;
  count: number;
}

/** A deck's distribution of one reading, as `DeckRollKind.outcomes` writes it. */
export function rollOutcomesKey(values: readonly number[]): string {
  const weights = new Map<number, number>();
  for (const value of values) weights.set(value, (weights.get(value) ?? 0) + 1);
  return [...weights.entries()]
    .sort(([a], [b]) => a - b)
    .map(([value, weight]) => `${value}:${weight}`)
    .join(',');
}

/** The outcomes a key lists; undefined unless each is an integer value, ascending, weighing ≥ 1. */
export function parseRollOutcomes(key: string): RollOutcome[] | undefined {
  const outcomes: RollOutcome[] = [];
  for (const pair of key.split(',')) {
    const match = /^(-?\d{1,9}):(\d{1,9})$/.exec(pair);
    if (!match) return undefined;
    const value = Number(match[1]);
    const weight = Number(match[2]);
    const last = outcomes[outcomes.length - 1];
    if (weight < 1 || (last !== undefined && value <= last.value)) return undefined;
    outcomes.push({ value, weight });
  }
  return outcomes;
}

/** One card roll value's observed and expected counts. */
export interface DeckOutcomeLuck extends RollOutcome {
  observed: number;
  /** rolls × weight / Σ weights. */
  expected: number;
}

/** The card rolls of one deck and one reading: a goodness-of-fit against the deck's own mix. */
export interface DeckLuck {
  deck: LocalizedText;
  combine: 'sum' | 'product';
  rolls: number;
  /** The value one roll gives on average: Σ value × weight / Σ weights. */
  mean: number;
  /** Every value the deck can give, ascending, with how often it came and was expected. */
  outcomes: DeckOutcomeLuck[];
  /** Pearson's chi-square statistic against the deck's own mix. */
  chiSquare: number;
  /** The values the deck can give, less one. */
  degreesOfFreedom: number;
  /** P(a statistic at least this large from fair draws); null when the deck gives one value only. */
  pValue: number | null;
  /** Whether every value was expected at least 5 times (see DieSizeLuck.reliable). */
  reliable: boolean;
}

export interface DiceLuck {
  /** Fair dice rolled. */
  dice: number;
  /** Rolls read off cards (a card is one roll: its two dice's sum, or product). */
  cardRolls: number;
  /** Σ faces of the dice and Σ values of the card rolls. */
  observedSum: number;
  /** Σ (sides + 1) / 2 over the dice rolled, plus Σ of each card roll's deck mean. */
  expectedSum: number;
  /**
   * √(Σ (sides² - 1) / 12 + Σ the card rolls' deck variances): the standard deviation of the
   * observed sum, every die and every card roll an independent draw.
   */
  standardDeviation: number;
  /**
   * (observed - expected) / standard deviation; null when it is 0 (nothing could vary: no
   * roll, only d1s or decks of one value).
   */
  z: number | null;
  /** One goodness-of-fit test per die size, smallest first. */
  bySize: DieSizeLuck[];
  /** One goodness-of-fit test per deck and reading (sum, product), by deck name. */
  byDeck: DeckLuck[];
}

/**
 * Tallies faces per die size. Faces that cannot come from their die (hostile or broken data)
 * are left out rather than skewing the figures.
 */
export class DiceTally {
  private readonly sizes = new Map<number, number[]>();
  /** Card rolls by kind (kindKey): the kind, and each value's count. */
  private readonly decks = new Map<
    string,
    { kind: DeckRollKind; outcomes: RollOutcome[]; counts: Map<number, number> }
  >();

  add(sides: number, face: number, count = 1): this {
    if (!Number.isSafeInteger(sides) || sides < 1 || sides > DICE_SPEC_LIMITS.maxSides) return this;
    if (!Number.isSafeInteger(face)) return this;
    if (face < 1 || face > sides || !(count > 0)) return this;
    let counts = this.sizes.get(sides);
    if (!counts) {
      counts = new Array<number>(sides).fill(0);
      this.sizes.set(sides, counts);
    }
    counts[face - 1] += count;
    return this;
  }

  /** Adds one roll: its dice's sides and the faces they showed, die by die. */
  addRoll(sides: readonly unknown[], faces: readonly unknown[]): this {
    const n = Math.min(sides.length, faces.length);
    for (let i = 0; i < n; i += 1) this.add(Number(sides[i]), Number(faces[i]));
    return this;
  }

  addAll(counts: Iterable<FaceCount>): this {
    for (const { sides, face, count } of counts) this.add(sides, face, count);
    return this;
  }

  /**
   * Adds a card roll of one kind. A value its deck cannot give, or a kind whose outcomes do not
   * read (hostile or broken data), is left out rather than skewing the figures.
   */
  addCardRoll(kind: DeckRollKind, value: number, count = 1): this {
    if (!Number.isSafeInteger(value) || !(count > 0)) return this;
    if (kind.combine !== 'sum' && kind.combine !== 'product') return this;
    const key = kindKey(kind);
    let entry = this.decks.get(key);
    if (!entry) {
      const outcomes = parseRollOutcomes(kind.outcomes);
      if (!outcomes) return this;
      entry = {
        kind: {
          deck: { en: kind.deck.en, ru: kind.deck.ru },
          combine: kind.combine,
          outcomes: kind.outcomes,
        },
        outcomes,
        counts: new Map(),
      };
      this.decks.set(key, entry);
    }
    if (!entry.outcomes.some((outcome) => outcome.value === value)) return this;
    entry.counts.set(value, (entry.counts.get(value) ?? 0) + count);
    return this;
  }

  addCardRolls(counts: Iterable<DeckRollCount>): this {
    for (const { value, count, ...kind } of counts) this.addCardRoll(kind, value, count);
    return this;
  }

  get empty(): boolean {
    return this.sizes.size === 0 && this.sortedDecks().length === 0;
  }

  /** The tally as rows, die size then face ascending; faces that never came up are left out. */
  faceCounts(): FaceCount[] {
    return [...this.sizes.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([sides, counts]) =>
        counts.flatMap((count, i) => (count > 0 ? [{ sides, face: i + 1, count }] : [])),
      );
  }

  /** The card rolls as rows, by kind then value ascending; values that never came are left out. */
  cardRollCounts(): DeckRollCount[] {
    return this.sortedDecks().flatMap(({ kind, outcomes, counts }) =>
      outcomes.flatMap(({ value }) => {
        const count = counts.get(value) ?? 0;
        return count > 0 ? [{ ...kind, deck: { ...kind.deck }, value, count }] : [];
      }),
    );
  }

  private sortedDecks() {
    return [...this.decks.entries()]
      .filter(([, entry]) => entry.counts.size > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, entry]) => entry);
  }

  luck(): DiceLuck {
    let dice = 0;
    let cardRolls = 0;
    let observedSum = 0;
    let expectedSum = 0;
    let variance = 0;
    const bySize: DieSizeLuck[] = [];
    for (const [sides, counts] of [...this.sizes.entries()].sort(([a], [b]) => a - b)) {
      const n = counts.reduce((sum, c) => sum + c, 0);
      dice += n;
      observedSum += counts.reduce((sum, c, i) => sum + c * (i + 1), 0);
      expectedSum += (n * (sides + 1)) / 2;
      variance += (n * (sides * sides - 1)) / 12;
      const expected = n / sides;
      const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
      const degreesOfFreedom = sides - 1;
      bySize.push({
        sides,
        dice: n,
        counts: [...counts],
        chiSquare,
        degreesOfFreedom,
        pValue: degreesOfFreedom > 0 ? chiSquarePValue(chiSquare, degreesOfFreedom) : null,
        reliable: degreesOfFreedom > 0 && expected >= 5,
      });
    }
    const byDeck: DeckLuck[] = [];
    for (const { kind, outcomes, counts } of this.sortedDecks()) {
      const cards = outcomes.reduce((sum, o) => sum + o.weight, 0);
      const rolls = [...counts.values()].reduce((sum, c) => sum + c, 0);
      const mean = outcomes.reduce((sum, o) => sum + o.value * o.weight, 0) / cards;
      const meanSquare = outcomes.reduce((sum, o) => sum + o.value * o.value * o.weight, 0) / cards;
      cardRolls += rolls;
      observedSum += [...counts].reduce((sum, [value, c]) => sum + value * c, 0);
      expectedSum += rolls * mean;
      // Var = E[X²] − E[X]², never below 0 for rounding.
      variance += rolls * Math.max(0, meanSquare - mean * mean);
      const rows = outcomes.map(({ value, weight }) => ({
        value,
        weight,
        observed: counts.get(value) ?? 0,
        expected: (rolls * weight) / cards,
      }));
      const chiSquare = rows.reduce(
        (sum, r) => sum + (r.observed - r.expected) ** 2 / r.expected,
        0,
      );
      const degreesOfFreedom = outcomes.length - 1;
      byDeck.push({
        deck: { ...kind.deck },
        combine: kind.combine,
        rolls,
        mean,
        outcomes: rows,
        chiSquare,
        degreesOfFreedom,
        pValue: degreesOfFreedom > 0 ? chiSquarePValue(chiSquare, degreesOfFreedom) : null,
        reliable: degreesOfFreedom > 0 && rows.every((r) => r.expected >= 5),
      });
    }
    const standardDeviation = Math.sqrt(variance);
    return {
      dice,
      cardRolls,
      observedSum,
      expectedSum,
      standardDeviation,
      z: standardDeviation > 0 ? (observedSum - expectedSum) / standardDeviation : null,
      bySize,
      byDeck,
    };
  }
}

/** One key per kind: the deck's names, the reading and the distribution. */
const kindKey = (kind: DeckRollKind): string =>
  [kind.deck.en, kind.deck.ru, kind.combine, kind.outcomes].join('\u0000');
