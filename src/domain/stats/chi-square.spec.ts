import { chiSquareCdf, chiSquarePValue, logGamma, regularizedGammaP } from './chi-square';

describe('chi-square distribution', () => {
  // Critical values from the standard table (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4):
  // P(X ≥ x) = upper-tail probability for df degrees of freedom.
  it.each([
    [1, 3.841, 0.05],
    [1, 6.635, 0.01],
    [2, 5.991, 0.05],
    [3, 7.815, 0.05],
    [5, 11.07, 0.05],
    [5, 15.086, 0.01],
    [7, 14.067, 0.05],
    [10, 18.307, 0.05],
    [10, 23.209, 0.01],
    [11, 19.675, 0.05],
    [19, 30.144, 0.05],
    [19, 43.82, 0.001],
    [30, 43.773, 0.05],
    [5, 1.145, 0.95],
    [10, 3.94, 0.95],
    [19, 10.117, 0.95],
  ])('df %d: P(X ≥ %d) is %d, as the table says', (df, x, p) => {
    expect(chiSquarePValue(x, df)).toBeCloseTo(p, 4);
    expect(chiSquareCdf(x, df)).toBeCloseTo(1 - p, 4);
  });

  it('matches closed forms: df 2 is exponential, df 1 at 1 is erf(1/√2)', () => {
    for (const x of [0.1, 1, 4, 20, 60])
      expect(chiSquarePValue(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
    expect(chiSquareCdf(1, 1)).toBeCloseTo(0.682689492137, 10);
  });

  it('keeps its precision far in the tail and at the edges', () => {
    expect(chiSquarePValue(100, 5)).toBeGreaterThan(0);
    expect(chiSquarePValue(100, 5)).toBeLessThan(1e-18);
    expect(chiSquarePValue(0, 5)).toBe(1);
    expect(chiSquareCdf(0, 5)).toBe(0);
    expect(Number.isNaN(chiSquarePValue(-1, 5))).toBe(true);
    expect(Number.isNaN(chiSquarePValue(1, 0))).toBe(true);
  });

  it('has a log-gamma that agrees with factorials and Γ(1/2) = √π', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(6)).toBeCloseTo(Math.log(120), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(regularizedGammaP(1, 1)).toBeCloseTo(1 - Math.exp(-1), 12);
  });
});
