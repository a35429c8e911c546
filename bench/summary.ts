/**
 * The last step of `npm run bench`: one table of every figure the store bench and the API bench
 * just wrote (bench/results/store.json and api.json), each with its target and pass/miss.
 */
import { readSummary } from './summary-rows';

const { rows, store, api } = readSummary();
console.log(
  `\nmatchlog bench summary (store measured ${store?.measuredAt ?? 'never'}, api measured ${api?.measuredAt ?? 'never'})`,
);
console.table(rows);
const missed = rows.filter((row) => row.met === 'MISS').length;
console.log(missed === 0 ? 'every target met' : `${missed} target(s) missed`);
