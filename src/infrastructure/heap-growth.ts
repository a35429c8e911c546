import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what its last full collection kept, in percent (300: to
 * four times). An export streams the store's pages as Buffers, about 100 MB/s, and V8 counts
 * that memory against the limit it sets after each full collection; with its own factor (about
 * 1.2 over a live heap of 60 MB) four exports caused four full collections a second, each
 * holding the event loop 5–22 ms (issue 42); with 300, 1.5 a second (docs/benchmarks.md). The
 * memory it costs is garbage held longer between collections.
 */
export const HEAP_GROWING_PERCENT = 300;

const GROWING_FLAG = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * The V8 flag the service sets at start, or undefined when the operator started node with a
 * growing factor of their own (`node --heap-growing-percent=N dist/main.js`), which wins.
 */
export function heapGrowthFlag(execArgv: readonly string[]): string | undefined {
  if (execArgv.some((arg) => GROWING_FLAG.test(arg))) return undefined;
  return `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

/**
 * Sets the heap's growing factor for this process (read by V8 at each full collection, so it
 * holds from the next one on). Called first thing at start.
 */
export function tuneHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  const flag = heapGrowthFlag(execArgv);
  if (flag) setFlagsFromString(flag);
}
