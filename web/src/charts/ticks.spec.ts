import { integerSplits, integerTicks } from './ticks';

describe('ticks on a count axis (events, rounds, scores)', () => {
  it('puts a short span’s ticks on whole numbers only, however much room there is', () => {
    // Room for 21 ticks (uPlot would draw 4, 4.05, 4.1 … 5).
    expect(integerTicks(4, 5, 21)).toEqual([4, 5]);
    expect(integerTicks(4, 6, 21)).toEqual([4, 5, 6]);
    expect(integerTicks(4, 7, 21)).toEqual([4, 5, 6, 7]);
    // A scale padded around its data: the whole numbers inside it.
    expect(integerTicks(3.5, 5.5, 41)).toEqual([4, 5]);
  });

  it('gives an empty span its one value, and a span with no whole number none', () => {
    expect(integerTicks(4, 4, 10)).toEqual([4]);
    expect(integerTicks(4.2, 4.8, 10)).toEqual([]);
    expect(integerTicks(Number.NaN, 3, 10)).toEqual([]);
    expect(integerTicks(0, Number.POSITIVE_INFINITY, 10)).toEqual([]);
  });

  it('keeps a long span to the room it has, on steps of 1, 2 or 5 times a power of ten', () => {
    expect(integerTicks(0, 10_000, 11)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((k) => k * 1000),
    );
    expect(integerTicks(0, 10_000, 6)).toEqual([0, 2000, 4000, 6000, 8000, 10_000]);
    expect(integerTicks(3, 1234, 8)).toEqual([200, 400, 600, 800, 1000, 1200]);
    expect(integerTicks(0, 10, 3)).toEqual([0, 5, 10]);
    expect(integerTicks(-7, 7, 4)).toEqual([-5, 0, 5]);
    // A scale from just below zero starts at 0, not «-0».
    expect(integerTicks(-0.4, 100, 3)).toEqual([0, 50, 100]);
  });

  it('as uPlot’s splits: as many ticks as uPlot’s own increment leaves room for', () => {
    const splits = (min: number, max: number, foundIncr: number): number[] =>
      integerSplits(undefined as never, 0, min, max, foundIncr, 50);
    expect(splits(4, 5, 0.05)).toEqual([4, 5]);
    expect(splits(0, 10_000, 2000)).toEqual([0, 2000, 4000, 6000, 8000, 10_000]);
    expect(splits(0, 100, 25)).toEqual([0, 50, 100]);
    expect(splits(4, 4, 0)).toEqual([4]);
  });
});
