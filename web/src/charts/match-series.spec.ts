import type { ViewEvent } from '../replay/replay-engine';
import {
  everySeq,
  scoreSeries,
  scoreSteps,
  seatScoreSeries,
  type TrackSeries,
} from './match-series';

describe('scoreSteps', () => {
  const red: TrackSeries = { track: 'vp-red', owner: 'red', seqs: [4, 9], values: [0, 3] };
  const blue: TrackSeries = { track: 'vp-blue', owner: 'blue', seqs: [5], values: [2] };

  it('aligns the tracks on the seqs where any changed, each keeping its value until it changes', () => {
    expect(scoreSteps([red, blue])).toEqual([
      [4, 5, 9],
      [0, 0, 3],
      [null, 2, 2],
    ]);
  });

  it('carries the last values on to the last event shown, so the chart spans the match', () => {
    expect(scoreSteps([red, blue], 47)).toEqual([
      [4, 5, 9, 47],
      [0, 0, 3, 3],
      [null, 2, 2, 2],
    ]);
  });

  it('adds nothing when the last change is the last event shown, or there is no track', () => {
    expect(scoreSteps([red], 9)).toEqual([
      [4, 9],
      [0, 3],
    ]);
    expect(scoreSteps([], 47)).toEqual([[]]);
  });
});

describe('scoreSeries', () => {
  const changed = (seq: number, track: string, value: number, owner?: string): ViewEvent =>
    ({ seq, type: 'TrackChanged', data: { track, value, delta: value, owner } }) as ViewEvent;
  const events = [
    changed(1, 'credits:anna', 300, 'anna'),
    changed(2, 'wins:anna', 0, 'anna'),
    changed(3, 'round', 1),
    changed(4, 'credits:anna', 90, 'anna'),
    changed(5, 'wins:anna', 1, 'anna'),
  ];

  it('takes every track a seat owns, and no global one', () => {
    expect(scoreSeries(events).map((t) => [t.track, t.values])).toEqual([
      ['credits:anna', [300, 90]],
      ['wins:anna', [0, 1]],
    ]);
  });

  it('leaves out the tracks the ruleset names as resources (spent, not scored)', () => {
    expect(scoreSeries(events, ['credits:']).map((t) => [t.track, t.seqs])).toEqual([
      ['wins:anna', [2, 5]],
    ]);
  });
});

describe('seatScoreSeries', () => {
  // Anna scored from seq 3, Boris from seq 5, Vera never: the league's derived standings.
  const scores: Parameters<typeof seatScoreSeries>[0] = {
    seats: ['anna', 'boris', 'vera'],
    points: [
      { seq: 3, scores: { anna: 2 } },
      { seq: 5, scores: { anna: 2, boris: 1 } },
      { seq: 8, scores: { anna: 6, boris: 5 } },
    ],
  };

  it('gives each scored seat a series in seat order, from the first point it has a score', () => {
    expect(seatScoreSeries(scores)).toEqual([
      { track: 'anna', owner: 'anna', seqs: [3, 5, 8], values: [2, 2, 6] },
      { track: 'boris', owner: 'boris', seqs: [5, 8], values: [1, 5] },
    ]);
  });

  it('steps as the derived scores do, the last values carried to the last event shown', () => {
    expect(scoreSteps(seatScoreSeries(scores), 12)).toEqual([
      [3, 5, 8, 12],
      [2, 2, 6, 6],
      [null, 1, 5, 5],
    ]);
  });

  it('is empty for a ruleset that derives no scores', () => {
    expect(seatScoreSeries({ seats: ['anna'], points: [] })).toEqual([]);
  });
});

describe('everySeq', () => {
  it('gives every seq from the first change to the last event a point, values carried on', () => {
    expect(
      everySeq([
        [4, 6, 9],
        [0, 0, 3],
        [null, 2, 2],
      ]),
    ).toEqual([
      [4, 5, 6, 7, 8, 9],
      [0, 0, 0, 0, 0, 3],
      [null, null, 2, 2, 2, 2],
    ]);
  });

  it('keeps one point as it is, and nothing as nothing', () => {
    expect(everySeq([[7], [1]])).toEqual([[7], [1]]);
    expect(everySeq([[], []])).toEqual([[], []]);
  });
});
