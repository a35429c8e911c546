/**
 * API bench part `fold`:
 * fold speed of evolveMatch and evolveTable over a generated log, in-process.
 * Runs in `npm run bench:api` (BENCH_API_PARTS), or alone:
 * `node -r @swc-node/register bench/api/fold.bench.ts`.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { generateLog, measureFolds, typeMix } from './fold';
import { config, formatRate, log, TARGETS } from './bench-config';
import { runAlone, type ApiBenchPart, type ApiResults, type SummaryRow } from './run-parts';

export function runFold() {
  log(`fold: generating a log with ${formatRate(config.foldEvents)} generic events`);
  const started = performance.now();
  const generated = generateLog(config.foldEvents);
  const generateSeconds = (performance.now() - started) / 1000;
  const mix = typeMix(
    generated.recorded.filter((e) => e.type !== 'DecisionMade').slice(0, config.foldEvents),
  );
  log(
    `fold: generated ${formatRate(generated.recorded.length)} events in ${generateSeconds.toFixed(1)} s; folding, median of ${config.foldReps}`,
  );
  const rows = measureFolds(generated, config.foldEvents, config.foldReps);
  return { generateSeconds, mix, rows, perSecond: rows[0].perSecond };
}

/** Prints this part's figures (with another part's, when both ran). */
export function reportFold({ fold }: ApiResults): void {
  if (fold) {
    console.log(
      `\nFold speed, pure in-process, median of ${config.foldReps} (log generated in ${fold.generateSeconds.toFixed(1)} s)`,
    );
    console.table(
      fold.rows.map((row) => ({
        fold: row.name,
        events: formatRate(row.events),
        'events/s': formatRate(row.perSecond),
        'min..max': `${formatRate(Math.min(...row.samples))}..${formatRate(Math.max(...row.samples))}`,
      })),
    );
    console.log(
      `generic mix: ${Object.entries(fold.mix)
        .map(([type, share]) => `${type} ${share}`)
        .join(', ')}`,
    );
  }
}

/** This part's rows of the run's summary table. */
export function summaryRowsFold({ fold }: ApiResults): (SummaryRow | undefined)[] {
  return [
    fold && {
      figure: 'fold evolveMatch(freeform), generic events/s',
      value: formatRate(fold.perSecond),
      target: `>= ${formatRate(TARGETS.foldPerSecond)}`,
      met: fold.perSecond >= TARGETS.foldPerSecond,
    },
  ];
}

export const foldPart: ApiBenchPart = {
  name: 'fold',
  run: async () => ({ fold: runFold() }),
  report: reportFold,
  summarize: summaryRowsFold,
};

if (require.main === module) runAlone(foldPart);
