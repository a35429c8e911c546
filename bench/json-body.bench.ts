/**
 * JSON body check benchmark: `npm run bench:json-body`. What the body parser's checks after
 * JSON.parse cost per body (json-body.parser's unacceptableJson), side by side in one run:
 * without the body's text (depth, strings, numbers, member counts: the checks before duplicate
 * members were refused) and with it (the same, and the count of member names in the text that
 * tells a repeated one). Bodies: a `move` decision as the API bench sends it, a note, and the
 * largest real body the security review sent (a freeform setup of 2,400 pieces, about 137 kB;
 * 4 members a piece keep it under MAX_BODY_MEMBERS).
 * Runs alternate between the two sides; each side's median time per body over
 * BENCH_JSON_REPS (15) runs of BENCH_JSON_MS (200) milliseconds each is reported, and the ratio.
 */
import { unacceptableJson } from '../src/infrastructure/http/json-body.parser';
import { median } from './api/fold';

const REPS = envInt('BENCH_JSON_REPS', 15);
const RUN_MS = envInt('BENCH_JSON_MS', 200);

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined ? fallback : Number.parseInt(value, 10);
}

function setup(pieces: number): unknown {
  return {
    ruleset: 'freeform',
    title: 'Кубок Москвы, тур 3, стол 2',
    seats: [{ seat: 'red' }, { seat: 'blue' }],
    setup: {
      zones: Array.from({ length: 40 }, (_, i) => ({ id: `z${i}`, kind: 'sector' })),
      pieces: Array.from({ length: pieces }, (_, i) => ({
        id: `p${i}`,
        type: i % 3 === 0 ? 'крейсер "Аврора"' : 'infantry',
        owner: i % 2 === 0 ? 'red' : 'blue',
        zone: `z${i % 40}`,
      })),
    },
  };
}

const BODIES: [string, unknown][] = [
  ['move decision', { kind: 'move', params: { pieces: ['p17'], to: 'z3' }, expectedSeq: 41 }],
  [
    'note',
    {
      seq: 12,
      text: 'Флот ушёл из обороны столицы: после этого хода её уже не удержать',
      tags: ['?'],
    },
  ],
  ['setup, 2,400 pieces', setup(2_400)],
];

/** Bodies checked per second by `check` for RUN_MS. */
function rate(check: () => unknown): number {
  let count = 0;
  const start = process.hrtime.bigint();
  const until = start + BigInt(RUN_MS) * 1_000_000n;
  let now = start;
  while (now < until) {
    for (let i = 0; i < 16; i += 1) check();
    count += 16;
    now = process.hrtime.bigint();
  }
  return count / (Number(now - start) / 1e9);
}

const rows: Record<string, string>[] = [];
for (const [name, value] of BODIES) {
  const text = JSON.stringify(value);
  const parsed = JSON.parse(text) as unknown;
  if (unacceptableJson(parsed, text) !== undefined) throw new Error(`${name} is refused`);
  const without: number[] = [];
  const withText: number[] = [];
  for (let rep = 0; rep < REPS; rep += 1) {
    without.push(rate(() => unacceptableJson(parsed)));
    withText.push(rate(() => unacceptableJson(parsed, text)));
  }
  const parse = median(Array.from({ length: 5 }, () => rate(() => JSON.parse(text))));
  const before = 1e6 / median(without);
  const after = 1e6 / median(withText);
  rows.push({
    body: name,
    bytes: text.length.toLocaleString('en-US'),
    'JSON.parse µs': (1e6 / parse).toFixed(2),
    'checks µs (no duplicate check)': before.toFixed(2),
    'checks µs (with it)': after.toFixed(2),
    'with / without': `${((after / before) * 100).toFixed(1)}%`,
  });
}
console.table(rows);
console.log(`medians of ${REPS} alternating runs of ${RUN_MS} ms per side and body`);
