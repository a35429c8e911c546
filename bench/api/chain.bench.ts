/**
 * API bench part `chain`:
 * the hash-chain check of a load from the SQLite store, against the fold alone and the old check.
 * Runs in `npm run bench:api` (BENCH_API_PARTS), or alone:
 * `node -r @swc-node/register bench/api/chain.bench.ts`.
 */
import 'reflect-metadata';
import { chainCheckFigures, measureChainCheck } from './chain-check';
import { config, log, inTempDir, TARGETS, formatRate } from './bench-config';
import { runAlone, type ApiBenchPart, type ApiResults, type SummaryRow } from './run-parts';

export async function runChainCheck() {
  log(
    `chain: loading matches of ${config.chainEvents.join(', ')} events, with and without the chain check (over the stored text, and writing each event again), ${config.chainReps} times each`,
  );
  const rows = await inTempDir((dir) =>
    measureChainCheck(dir, config.chainEvents, config.chainReps),
  );
  return rows.map((row) => ({ events: row.events, ...chainCheckFigures(row), samples: row }));
}

/** Prints this part's figures (with another part's, when both ran). */
export function reportChain({ chain, decisions }: ApiResults): void {
  if (chain) {
    console.log(
      `\nThe chain check of a load: a match read cold from the SQLite store and folded (no snapshot), ms of process CPU per load (each sample averages loads of about 2,000 events), median of ${config.chainReps}, alternated` +
        (decisions
          ? `; a decision costs the service ${decisions.cpuMsPerDecision.toFixed(3)} ms of CPU (decisions part of this run)`
          : ''),
    );
    console.table(
      chain.map((row) => ({
        events: formatRate(row.events),
        'fold ms': row.fold.toFixed(2),
        'fold + check ms': row.checked.toFixed(2),
        'fold + check, written again ms': row.rewritten.toFixed(2),
        'fold + resumed check ms': row.resumed.toFixed(2),
        ratio: row.ratio.toFixed(2),
        'check ms/load': row.checkPerLoad.toFixed(2),
        'check µs/event': row.checkPerEventMicros.toFixed(1),
        'written again µs/event': row.rewrittenCheckPerEventMicros.toFixed(1),
        'check / written again': row.checkRatioToRewritten.toFixed(2),
        'repository ms': row.repository.toFixed(2),
        'reload ms': row.reload.toFixed(2),
        ...(decisions && {
          'check / decision': `${((100 * row.checkPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`,
          'written again / decision': `${((100 * row.rewrittenCheckPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`,
          'resumed check / decision': `${((100 * row.resumedCheckPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`,
        }),
      })),
    );
  }
}

/** This part's rows of the run's summary table. */
export function summaryRowsChain({ chain, decisions }: ApiResults): (SummaryRow | undefined)[] {
  const smallestChain = chain?.[0];
  const largestChain = chain?.at(-1);
  return [
    smallestChain && {
      figure:
        `chain check of one load of ${smallestChain.events} events` +
        (decisions ? ' vs a decision' : ''),
      value: decisions
        ? `${((100 * smallestChain.checkPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`
        : `${smallestChain.checkPerLoad.toFixed(2)} ms (x${smallestChain.ratio.toFixed(2)} of the load)`,
      target: `< ${(100 * TARGETS.chainCheckShareOfDecision).toFixed(0)}% of a decision's CPU`,
      met: decisions
        ? smallestChain.checkPerLoad <
          TARGETS.chainCheckShareOfDecision * decisions.cpuMsPerDecision
        : undefined,
    },
    smallestChain && {
      figure:
        `chain check of a later load of ${smallestChain.events} events (head remembered)` +
        (decisions ? ' vs a decision' : ''),
      value: decisions
        ? `${((100 * smallestChain.resumedCheckPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`
        : `${smallestChain.resumedCheckPerLoad.toFixed(3)} ms (fold ${smallestChain.fold.toFixed(2)} ms, with the check ${smallestChain.resumed.toFixed(2)} ms)`,
      target: `< ${(100 * TARGETS.chainCheckShareOfDecision).toFixed(0)}% of a decision's CPU`,
      met: decisions
        ? smallestChain.resumedCheckPerLoad <
          TARGETS.chainCheckShareOfDecision * decisions.cpuMsPerDecision
        : undefined,
    },
    largestChain && {
      figure: `chain check per event, cold load of ${formatRate(largestChain.events)} events`,
      value: `${largestChain.checkPerEventMicros.toFixed(1)} µs (fold + check x${largestChain.ratio.toFixed(2)} of the fold; ${largestChain.rewrittenCheckPerEventMicros.toFixed(1)} µs writing each event again)`,
      target: '-',
      met: undefined,
    },
  ];
}

export const chainPart: ApiBenchPart = {
  name: 'chain',
  run: async () => ({ chain: await runChainCheck() }),
  report: reportChain,
  summarize: summaryRowsChain,
};

if (require.main === module) runAlone(chainPart);
