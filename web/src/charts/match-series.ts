import { rollSeatReader } from '@domain/match/roll-seat';
import { DiceTally, type DiceLuck } from '@domain/stats/dice-luck';
import type { LocalizedText } from '@domain/shared/localized-text';
import type { ViewEvent } from '../replay/replay-engine';

/** One seat's dice over the match: running observed and expected sums, and its luck figures. */
export interface SeatDiceSeries {
  seat: string;
  /** The seq of each roll of the seat. */
  seqs: number[];
  /** Sum of every face the seat rolled up to and with that roll. */
  observed: number[];
  /** What fair dice give on average over the same dice. */
  expected: number[];
  server: DiceLuck;
  reported: DiceLuck;
}

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];

/**
 * Every roll the viewer may see, per seat (rolls a rewind took back included: each was a
 * real draw from the dice, as the statistics count them), in seat order of first roll.
 */
export function diceSeries(events: readonly ViewEvent[]): SeatDiceSeries[] {
  const rollSeat = rollSeatReader();
  const bySeat = new Map<
    string,
    {
      seqs: number[];
      observed: number[];
      expected: number[];
      server: DiceTally;
      reported: DiceTally;
    }
  >();
  for (const event of events) {
    const seat = rollSeat(event);
    if (event.type !== 'DiceRolled' || seat === undefined) continue;
    const data = (event.data ?? {}) as { sides?: unknown; faces?: unknown; source?: unknown };
    const sides = numbers(data.sides);
    const faces = numbers(data.faces);
    if (faces.length === 0 || faces.length !== sides.length) continue;
    let series = bySeat.get(seat);
    if (!series) {
      series = {
        seqs: [],
        observed: [],
        expected: [],
        server: new DiceTally(),
        reported: new DiceTally(),
      };
      bySeat.set(seat, series);
    }
    const last = series.seqs.length - 1;
    series.seqs.push(event.seq);
    series.observed.push((series.observed[last] ?? 0) + faces.reduce((a, b) => a + b, 0));
    series.expected.push((series.expected[last] ?? 0) + sides.reduce((a, s) => a + (s + 1) / 2, 0));
    (data.source === 'reported' ? series.reported : series.server).addRoll(sides, faces);
  }
  return [...bySeat.entries()].map(([seat, s]) => ({
    seat,
    seqs: s.seqs,
    observed: s.observed,
    expected: s.expected,
    server: s.server.luck(),
    reported: s.reported.luck(),
  }));
}

/** A seat's track (victory points, influence) over the match. */
export interface TrackSeries {
  track: string;
  owner: string;
  name?: LocalizedText;
  seqs: number[];
  values: number[];
}

/**
 * The tracks seats own (their scores: victory points, influence), value after value, on the
 * effective line (changes a rewind took back are left out). Global tracks (the round, time)
 * are not scores and are left out, and so are the tracks whose ids start with one of the
 * ruleset's `resourceTracks` (credits, resources: spent, not scored).
 */
export function scoreSeries(
  events: readonly ViewEvent[],
  resourceTracks: readonly string[] = [],
): TrackSeries[] {
  const tracks = new Map<string, TrackSeries>();
  for (const event of events) {
    if (event.type !== 'TrackChanged' || (event as { voidedBy?: unknown }).voidedBy) continue;
    const data = (event.data ?? {}) as {
      track?: unknown;
      owner?: unknown;
      value?: unknown;
      name?: LocalizedText;
    };
    if (typeof data.track !== 'string' || typeof data.value !== 'number') continue;
    const track = data.track;
    if (resourceTracks.some((prefix) => track.startsWith(prefix))) continue;
    let series = tracks.get(data.track);
    if (!series) {
      if (typeof data.owner !== 'string') continue;
      series = { track: data.track, owner: data.owner, seqs: [], values: [] };
      tracks.set(data.track, series);
    }
    if (data.name) series.name = data.name;
    series.seqs.push(event.seq);
    series.values.push(data.value);
  }
  return [...tracks.values()];
}

/**
 * Each seat's score as its ruleset derives it (GET matches/:id/scores), one series a seat in
 * seat order, shaped as the tracks are so the chart draws both the same way (`scoreSteps`). A
 * seat the ruleset scores at no point has no series; empty when the ruleset derives no scores.
 */
export function seatScoreSeries(scores: {
  seats: readonly string[];
  points: readonly { seq: number; scores: Record<string, number> }[];
}): TrackSeries[] {
  return scores.seats.flatMap((seat) => {
    const scored = scores.points.filter((point) => Object.hasOwn(point.scores, seat));
    if (scored.length === 0) return [];
    return [
      {
        track: seat,
        owner: seat,
        seqs: scored.map((point) => point.seq),
        values: scored.map((point) => point.scores[seat]),
      },
    ];
  });
}

/**
 * The tracks as uPlot's aligned columns: x is every seq where a track changed, each column the
 * track's value from that seq on (null before its first). The last values carry on to
 * `throughSeq` (the last event shown), so a score that stopped changing early still reads
 * across the whole match rather than ending where it last moved.
 */
export function scoreSteps(
  tracks: readonly TrackSeries[],
  throughSeq?: number,
): [number[], ...(number | null)[][]] {
  const xs = [...new Set(tracks.flatMap((t) => t.seqs))].sort((a, b) => a - b);
  if (throughSeq !== undefined && xs.length > 0 && throughSeq > xs[xs.length - 1])
    xs.push(throughSeq);
  const columns = tracks.map((track) => {
    const values: (number | null)[] = [];
    let i = 0;
    let current: number | null = null;
    for (const x of xs) {
      while (i < track.seqs.length && track.seqs[i] <= x) current = track.values[i++];
      values.push(current);
    }
    return values;
  });
  return [xs, ...columns];
}

/**
 * Step columns (as `scoreSteps` gives them) with a point at every seq from the first to the
 * last, each column carrying its value on: the chart's cursor then stands on the seq under the
 * pointer (uPlot moves it to the nearest point), and its legend gives every seat's score there.
 */
export function everySeq(
  steps: readonly [readonly number[], ...(readonly (number | null)[])[]],
): [number[], ...(number | null)[][]] {
  const [xs, ...columns] = steps;
  if (xs.length === 0) return [[], ...columns.map(() => [])];
  const first = xs[0];
  const last = xs[xs.length - 1];
  const seqs: number[] = [];
  const carried = columns.map((): (number | null)[] => []);
  let at = 0;
  for (let seq = first; seq <= last; seq += 1) {
    while (at + 1 < xs.length && xs[at + 1] <= seq) at += 1;
    seqs.push(seq);
    columns.forEach((column, c) => carried[c].push(column[at] ?? null));
  }
  return [seqs, ...carried];
}
