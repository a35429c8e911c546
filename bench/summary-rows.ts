/**
 * The rows of the bench summary, read from the results files the store bench and the API bench
 * write (bench/results/store.json and api.json). `npm run bench` prints them (summary.ts) and
 * `npm run bench:page` renders them into docs/performance.md (performance-page.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SummaryRow {
  bench: string;
  figure: string;
  value: string;
  target: string;
  met: string;
}

export interface BenchRun {
  measuredAt: string;
  machine?: Record<string, unknown>;
}

export interface BenchSummary {
  rows: SummaryRow[];
  store?: BenchRun;
  api?: BenchRun;
}

export const RESULTS_DIR = join(__dirname, 'results');

const rate = (perSecond: number) => Math.round(perSecond).toLocaleString('en-US');
const verdict = (met: boolean | undefined) => (met === undefined ? '' : met ? 'pass' : 'MISS');

type StoreResults = BenchRun & {
  appends: { concurrency: number; adapter: number; raw: number; ratio: number }[];
  fsyncPerSecond: number;
  eventIds?: { seedEvents: number; timeOrdered: number; random: number };
  readAll: { perSecond: number };
  targets: {
    ratioAt64: { target: number; met: boolean } | null;
    readAll: { target: number; met: boolean };
  };
};
type ApiResults = BenchRun & {
  summary: { figure: string; value: string; target: string; met?: boolean }[];
};

function read<T>(dir: string, file: string): T | undefined {
  const path = join(dir, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;
}

function storeRows(store: StoreResults): SummaryRow[] {
  const rows: SummaryRow[] = [];
  for (const row of store.appends) {
    rows.push({
      bench: 'store',
      figure: `appends/s at ${row.concurrency} in flight (adapter / raw)`,
      value: `${rate(row.adapter)} / ${rate(row.raw)} = ${row.ratio.toFixed(1)}x`,
      target:
        row.concurrency === 64 && store.targets.ratioAt64
          ? `>= ${store.targets.ratioAt64.target}x`
          : '-',
      met: row.concurrency === 64 ? verdict(store.targets.ratioAt64?.met) : '',
    });
  }
  rows.push({
    bench: 'store',
    figure: 'fsync ceiling (write+fsync/s)',
    value: rate(store.fsyncPerSecond),
    target: '-',
    met: '',
  });
  if (store.eventIds)
    rows.push({
      bench: 'store',
      figure: `appends/s at 64 into ${rate(store.eventIds.seedEvents)} events, ids v7 / v4`,
      value: `${rate(store.eventIds.timeOrdered)} / ${rate(store.eventIds.random)} = ${(store.eventIds.timeOrdered / store.eventIds.random).toFixed(1)}x`,
      target: '-',
      met: '',
    });
  rows.push({
    bench: 'store',
    figure: 'readAll events/s',
    value: rate(store.readAll.perSecond),
    target: `>= ${rate(store.targets.readAll.target)}`,
    met: verdict(store.targets.readAll.met),
  });
  return rows;
}

/** Every figure of the latest store and API runs found in `dir`, each with its target. */
export function readSummary(dir = RESULTS_DIR): BenchSummary {
  const store = read<StoreResults>(dir, 'store.json');
  const api = read<ApiResults>(dir, 'api.json');
  const rows = [
    ...(store ? storeRows(store) : []),
    ...(api ? api.summary.map((row) => ({ bench: 'api', ...row, met: verdict(row.met) })) : []),
  ];
  return {
    rows,
    ...(store ? { store: { measuredAt: store.measuredAt, machine: store.machine } } : {}),
    ...(api ? { api: { measuredAt: api.measuredAt, machine: api.machine } } : {}),
  };
}
