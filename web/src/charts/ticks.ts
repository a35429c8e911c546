import type uPlot from 'uplot';

/** Steps within a decade: ticks fall on 1, 2 or 5 times a power of ten. */
const NICE = [1, 2, 5];
/** 10^15 is past any seq, round or score a match reaches: the search stops there. */
const MAX_DECADES = 16;

/**
 * Ticks on whole numbers only, for axes whose values are counts (events, rounds, scores):
 * the smallest step of 1, 2 or 5 times a power of ten that keeps at most `maxTicks` ticks
 * between min and max. A span with no whole number in it gets none; an empty one (min = max)
 * its value when whole.
 */
export function integerTicks(min: number, max: number, maxTicks: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  const lo = Math.ceil(Math.min(min, max));
  const hi = Math.floor(Math.max(min, max));
  if (lo > hi) return [];
  const most = Math.max(1, Math.floor(maxTicks));
  let step = 1;
  search: for (let decade = 0, power = 1; decade < MAX_DECADES; decade += 1, power *= 10)
    for (const nice of NICE) {
      step = nice * power;
      if (Math.floor(hi / step) - Math.ceil(lo / step) + 1 <= most) break search;
    }
  const ticks: number[] = [];
  // + 0 makes a -0 (ceil of a small negative) a 0: uPlot would label it «-0».
  for (let tick = Math.ceil(lo / step) * step + 0; tick <= hi; tick += step) ticks.push(tick);
  return ticks;
}

/**
 * uPlot's splits for a count axis: as many ticks as uPlot found room for (its increment for
 * the axis' space), each on a whole number, never 4.05 events.
 */
export const integerSplits: Extract<uPlot.Axis.Splits, (...args: never[]) => unknown> = (
  _u,
  _axis,
  min,
  max,
  foundIncr,
) =>
  integerTicks(
    min,
    max,
    foundIncr > 0 && Number.isFinite(foundIncr) ? Math.floor((max - min) / foundIncr) + 1 : 2,
  );
