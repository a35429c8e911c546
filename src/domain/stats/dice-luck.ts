import { DICE_SPEC_LIMITS } from '../dice/dice-spec';
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

export interface DiceLuck {
  dice: number;
  observedSum: number;
  /** Σ (sides + 1) / 2 over the dice rolled. */
  expectedSum: number;
  /** √Σ (sides² - 1) / 12: the standard deviation of the sum of fair dice. */
  standardDeviation: number;
  /** (observed - expected) / standard deviation; null when it is 0 (no dice, or only d1s). */
  z: number | null;
  /** One goodness-of-fit test per die size, smallest first. */
  bySize: DieSizeLuck[];
}

/**
 * Tallies faces per die size. Faces that cannot come from their die (hostile or broken data)
 * are left out rather than skewing the figures.
 */
export class DiceTally {
  private readonly sizes = new Map<number, number[]>();

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

  get empty(): boolean {
    return this.sizes.size === 0;
  }

  /** The tally as rows, die size then face ascending; faces that never came up are left out. */
  faceCounts(): FaceCount[] {
    return [...this.sizes.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([sides, counts]) =>
        counts.flatMap((count, i) => (count > 0 ? [{ sides, face: i + 1, count }] : [])),
      );
  }

  luck(): DiceLuck {
    let dice = 0;
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
    const standardDeviation = Math.sqrt(variance);
    return {
      dice,
      observedSum,
      expectedSum,
      standardDeviation,
      z: standardDeviation > 0 ? (observedSum - expectedSum) / standardDeviation : null,
      bySize,
    };
  }
}
