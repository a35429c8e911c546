import { ownerColour } from '../session';
import {
  changeIndexes,
  DASHES,
  lastValue,
  seatSeriesLooks,
  MAX_SPREAD,
  shapeCorners,
  SHAPES,
  SIDE_BY_SIDE,
  tieOffsets,
  type SeriesLook,
} from './series-looks';

/** Two looks a reader cannot tell apart: same colour and same dash. */
const lookAlike = (looks: SeriesLook[]): [number, number][] =>
  looks.flatMap((a, i) =>
    looks
      .slice(i + 1)
      .flatMap((b, k): [number, number][] =>
        a.colour === b.colour && a.dash.join() === b.dash.join() ? [[i, i + 1 + k]] : [],
      ),
  );

describe('seatSeriesLooks', () => {
  it('gives each seat its colour on the board (ownerColour with the match’s seats)', () => {
    const seats = ['anna', 'boris', 'vera'];
    const looks = seatSeriesLooks(seats, seats);
    expect(looks.map((l) => l.colour)).toEqual(seats.map((s) => ownerColour(s, seats)));
    // Red, blue and green: the board's, not another palette's.
    expect(looks.map((l) => l.colour)).toEqual(['#c62828', '#1565c0', '#2e7d32']);
    // A seat named after a colour keeps that colour, wherever it sits.
    expect(seatSeriesLooks(['blue', 'red'], ['red', 'blue']).map((l) => l.colour)).toEqual([
      '#1565c0',
      '#c62828',
    ]);
  });

  it('gives the first six series six different dashes and marks, whatever their colours', () => {
    const seats = ['a', 'b', 'c', 'd', 'e', 'f'];
    const looks = seatSeriesLooks(seats, seats);
    expect(new Set(looks.map((l) => l.dash.join())).size).toBe(6);
    expect(new Set(looks.map((l) => l.shape)).size).toBe(6);
    // The first is solid: one seat alone draws an ordinary line.
    expect(looks[0].dash).toEqual([]);
    // Two series of one seat (its victory points and its influence) differ by dash too.
    const [vp, influence] = seatSeriesLooks(['a', 'a'], seats);
    expect(vp.colour).toBe(influence.colour);
    expect(vp.dash).not.toEqual(influence.dash);
  });

  it('never draws two seats alike, even where the board gives two seats one colour', () => {
    // «anna» takes the palette's first colour, which is red's own.
    const clash = ['anna', 'x2', 'x3', 'x4', 'x5', 'red'];
    expect(ownerColour('anna', clash)).toBe(ownerColour('red', clash));
    expect(lookAlike(seatSeriesLooks(clash, clash))).toEqual([]);
    // Nine seats: the palette of eight comes round again, the dashes make the difference.
    const nine = Array.from({ length: 9 }, (_, i) => `seat${i}`);
    expect(ownerColour('seat0', nine)).toBe(ownerColour('seat8', nine));
    expect(lookAlike(seatSeriesLooks(nine, nine))).toEqual([]);
    // Fourteen seats: the palette round almost twice, and a seat named red among them.
    const many = [...Array.from({ length: 12 }, (_, i) => `p${i}`), 'red', 'crimson'];
    expect(lookAlike(seatSeriesLooks(many, many))).toEqual([]);
  });

  it('has as many marks as dashes, each drawable', () => {
    expect(SHAPES).toHaveLength(DASHES.length);
    for (const shape of SHAPES) {
      const corners = shapeCorners(shape, 10, 20, 4);
      if (shape === 'circle') expect(corners).toBeNull();
      else {
        expect(corners!.length).toBeGreaterThanOrEqual(3);
        // Around its centre, within about its radius.
        for (const [x, y] of corners!) {
          expect(Math.abs(x - 10)).toBeLessThanOrEqual(4.4 + 1e-9);
          expect(Math.abs(y - 20)).toBeLessThanOrEqual(4.4 + 1e-9);
        }
      }
    }
  });
});

describe('tieOffsets', () => {
  it('draws lines tied on a value side by side around it, in series order, and lone ones on it', () => {
    // The league: all three at 6 until the last step, then Vera 7, Anna 6, Boris 5.
    const anna = [6, 6, 6];
    const boris = [6, 6, 5];
    const vera = [6, 6, 7];
    expect(tieOffsets([anna, boris, vera])).toEqual([
      [-SIDE_BY_SIDE, -SIDE_BY_SIDE, 0],
      [0, 0, 0],
      [SIDE_BY_SIDE, SIDE_BY_SIDE, 0],
    ]);
    // Two tied of three: the pair around their value, the third on its own.
    expect(tieOffsets([[2], [5], [2]])).toEqual([[-SIDE_BY_SIDE / 2], [0], [SIDE_BY_SIDE / 2]]);
  });

  it('leaves a series with no value yet out of the ties, and keeps many tied lines close', () => {
    expect(
      tieOffsets([
        [null, 1],
        [1, 1],
      ]),
    ).toEqual([
      [0, -SIDE_BY_SIDE / 2],
      [0, SIDE_BY_SIDE / 2],
    ]);
    const nine = tieOffsets(Array.from({ length: 9 }, () => [0]));
    const drawn = nine.map(([offset]) => offset);
    expect(Math.max(...drawn) - Math.min(...drawn)).toBeCloseTo(MAX_SPREAD);
    expect(new Set(drawn).size).toBe(9);
  });
});

describe('changeIndexes', () => {
  it('marks the first value and every change, not a value carried on', () => {
    expect(changeIndexes([null, 2, 2, 6, 6, 6, 7])).toEqual([1, 3, 6]);
    expect(changeIndexes([6, 6, 6])).toEqual([0]);
    expect(changeIndexes([])).toEqual([]);
    expect(changeIndexes(new Float64Array([1, 1, 2]))).toEqual([0, 2]);
  });
});

describe('lastValue', () => {
  it('is the value the line ends on, null for a series with none', () => {
    expect(lastValue([3, 5, 5])).toBe(5);
    expect(lastValue([3, null, undefined])).toBe(3);
    expect(lastValue([null, null])).toBeNull();
    expect(lastValue([])).toBeNull();
  });
});
