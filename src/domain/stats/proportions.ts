/** z for a two-sided 95% interval: the 0.975 quantile of the standard normal. */
export const Z_95 = 1.959963984540054;

export interface Proportion {
  /** Successes (wins) out of `n` trials. */
  k: number;
  n: number;
  /** k / n; 0 when n is 0. */
  rate: number;
  /** Wilson score interval at 95%: [low, high], within [0, 1]. */
  low: number;
  high: number;
}

/**
 * k successes out of n with the Wilson score interval (Wilson 1927), which stays inside
 * [0, 1] and is honest for small n and rates near 0 or 1, unlike the normal approximation.
 * With no trials the interval is the whole [0, 1].
 */
export function wilsonInterval(k: number, n: number, z = Z_95): Proportion {
  if (n <= 0) return { k: 0, n: 0, rate: 0, low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return {
    k,
    n,
    rate: p,
    // Exactly 0 and 1 at the ends (the formula gives them up to rounding).
    low: k <= 0 ? 0 : Math.max(0, centre - half),
    high: k >= n ? 1 : Math.min(1, centre + half),
  };
}

export interface Distribution {
  count: number;
  min: number;
  max: number;
  mean: number;
  /** Quantiles by linear interpolation between order statistics (type 7, as R and NumPy). */
  p10: number;
  p25: number;
  median: number;
  p75: number;
  p90: number;
}

/** Summary of a sample; undefined when it is empty. */
export function distributionOf(values: readonly number[]): Distribution | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => {
    const position = (sorted.length - 1) * q;
    const below = Math.floor(position);
    const above = Math.min(below + 1, sorted.length - 1);
    return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
  };
  return {
    count: sorted.length,
    min: sorted[0],
    max: sorted[sorted.length - 1],
    mean: sorted.reduce((sum, v) => sum + v, 0) / sorted.length,
    p10: at(0.1),
    p25: at(0.25),
    median: at(0.5),
    p75: at(0.75),
    p90: at(0.9),
  };
}
