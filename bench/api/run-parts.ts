import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { version as fastifyVersion } from 'fastify/package.json';
import { config, TARGETS } from './bench-config';
import type { runChainCheck } from './chain.bench';
import type { runDecisions } from './decisions.bench';
import type { runExport } from './export.bench';
import type { runFeed } from './feed.bench';
import type { runFold } from './fold.bench';
import type { runMemory } from './memory.bench';
import type { runScale } from './scale.bench';
import type { runState } from './state.bench';
import type { runStats } from './stats.bench';

const RESULTS_FILE = join(__dirname, '..', 'results', 'api.json');

/** What the parts of one run measured, by part (the export part's under `bulkExport`). */
export interface ApiResults {
  fold?: ReturnType<typeof runFold>;
  chain?: Awaited<ReturnType<typeof runChainCheck>>;
  decisions?: Awaited<ReturnType<typeof runDecisions>>;
  scale?: Awaited<ReturnType<typeof runScale>>;
  state?: Awaited<ReturnType<typeof runState>>;
  memory?: Awaited<ReturnType<typeof runMemory>>;
  stats?: Awaited<ReturnType<typeof runStats>>;
  bulkExport?: Awaited<ReturnType<typeof runExport>>;
  feed?: Awaited<ReturnType<typeof runFeed>>;
}

/** One row of the summary table and of `summary` in bench/results/api.json. */
export interface SummaryRow {
  figure: string;
  value: string;
  target: string;
  met: boolean | undefined;
}

/** One scenario of the API bench, in its own file under bench/api/. */
export interface ApiBenchPart {
  /** Its name in BENCH_API_PARTS. */
  name: string;
  run(): Promise<ApiResults>;
  /** Prints its figures; may read another part's results of the same run. */
  report(results: ApiResults): void;
  summarize(results: ApiResults): (SummaryRow | undefined)[];
}

// The orders the figures have always been printed in (the parts run in the order given).
const REPORT_ORDER = [
  'export',
  'feed',
  'fold',
  'chain',
  'decisions',
  'scale',
  'state',
  'memory',
  'stats',
];
const SUMMARY_ORDER = [
  'chain',
  'decisions',
  'scale',
  'state',
  'fold',
  'memory',
  'stats',
  'export',
  'feed',
];

/**
 * Runs the parts named in `names` (in the order of `parts`), prints their figures and one
 * summary table, and writes bench/results/api.json (read by bench/summary.ts and
 * bench/performance-page.ts).
 */
export async function runApiBench(
  parts: readonly ApiBenchPart[],
  names: readonly string[] = config.parts,
): Promise<void> {
  mkdirSync(config.dir, { recursive: true });
  // The service writes its profiles there and does not make the directory.
  if (config.profileDir) mkdirSync(config.profileDir, { recursive: true });
  const runStarted = performance.now();
  console.log(
    `matchlog API bench: ${cpus().length} CPUs, Node ${process.version}, fastify ${fastifyVersion}, ` +
      `parts ${names.join(',')}, files in ${config.dir}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const loadAtStart = loadavg();
  const results: ApiResults = {};
  for (const part of parts) if (names.includes(part.name)) Object.assign(results, await part.run());

  const inOrder = (order: readonly string[]) =>
    order.flatMap((name) => parts.filter((part) => part.name === name));
  for (const part of inOrder(REPORT_ORDER)) part.report(results);
  const summary = inOrder(SUMMARY_ORDER)
    .flatMap((part) => part.summarize(results))
    .filter((row) => row !== undefined);
  const loadAtEnd = loadavg();
  console.log(
    `\nAPI bench summary (${((performance.now() - runStarted) / 1000).toFixed(0)} s; ` +
      `load average ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} CPUs shared with other work)`,
  );
  console.table(
    summary.map((row) => ({ ...row, met: row.met === undefined ? '' : row.met ? 'pass' : 'MISS' })),
  );

  mkdirSync(join(__dirname, '..', 'results'), { recursive: true });
  const { fold, chain, decisions, scale, state, memory, stats, bulkExport, feed } = results;
  writeFileSync(
    RESULTS_FILE,
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        machine: {
          cpus: cpus().length,
          node: process.version,
          fastify: fastifyVersion,
          loadAverage: { atStart: loadAtStart, atEnd: loadAtEnd },
        },
        config: { ...config, parts: names },
        targets: TARGETS,
        fold,
        chain,
        decisions,
        scale,
        state,
        memory,
        stats,
        bulkExport,
        feed,
        summary,
      },
      null,
      2,
    ),
  );
  console.log(`results written to ${RESULTS_FILE}`);
}

/** A part's file run on its own: that part alone, as BENCH_API_PARTS=<name> would. */
export function runAlone(part: ApiBenchPart): void {
  runApiBench([part], [part.name]).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
