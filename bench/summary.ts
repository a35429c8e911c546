/**
 * The last step of `npm run bench`: one table of every figure the store bench and the API bench
 * just wrote (bench/results/store.json and api.json), each with its target and pass/miss.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Row {
  bench: string;
  figure: string;
  value: string;
  target: string;
  met: string;
}

const RESULTS = join(__dirname, 'results');
const rate = (perSecond: number) => Math.round(perSecond).toLocaleString('en-US');

function read<T>(file: string): (T & { measuredAt: string }) | undefined {
  const path = join(RESULTS, file);
  return existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as T & { measuredAt: string })
    : undefined;
}

const verdict = (met: boolean | undefined) => (met === undefined ? '' : met ? 'pass' : 'MISS');

const rows: Row[] = [];
const store = read<{
  appends: { concurrency: number; adapter: number; raw: number; ratio: number }[];
  fsyncPerSecond: number;
  eventIds?: { seedEvents: number; timeOrdered: number; random: number };
  readAll: { perSecond: number };
  targets: {
    ratioAt64: { target: number; met: boolean } | null;
    readAll: { target: number; met: boolean };
  };
}>('store.json');
if (store) {
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
}
const api = read<{ summary: { figure: string; value: string; target: string; met?: boolean }[] }>(
  'api.json',
);
if (api) {
  for (const row of api.summary) rows.push({ bench: 'api', ...row, met: verdict(row.met) });
}

console.log(
  `\nmatchlog bench summary (store measured ${store?.measuredAt ?? 'never'}, api measured ${api?.measuredAt ?? 'never'})`,
);
console.table(rows);
const missed = rows.filter((row) => row.met === 'MISS').length;
console.log(missed === 0 ? 'every target met' : `${missed} target(s) missed`);
