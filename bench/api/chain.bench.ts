/**
 * API bench part `chain`:
 * the hash-chain check of a load from the SQLite store, against the fold alone and the old check;
 * the first load's check after the chain sweep; and the sweep itself in a running service: its
 * speed, and the decisions per second while it runs against after it.
 * Runs in `npm run bench:api` (BENCH_API_PARTS), or alone:
 * `node -r @swc-node/register bench/api/chain.bench.ts`.
 */
import 'reflect-metadata';
import type { ChainSweepReport } from '../../src/application/matches/chain-sweep';
import { chainCheckFigures, measureChainCheck } from './chain-check';
import { config, log, inTempDir, TARGETS, formatRate } from './bench-config';
import { load } from './decision-load';
import { median } from './fold';
import { seedMatchesInThreads } from './match-seeder';
import type { Server } from './processes';
import { runAlone, type ApiBenchPart, type ApiResults, type SummaryRow } from './run-parts';
import { startService, waitForProjector } from './service';

export async function runChainCheck() {
  log(
    `chain: loading matches of ${config.chainEvents.join(', ')} events, with and without the chain check (over the stored text, and writing each event again), and after the chain sweep, ${config.chainReps} times each`,
  );
  const rows = await inTempDir((dir) =>
    measureChainCheck(dir, config.chainEvents, config.chainReps),
  );
  return {
    loads: rows.map((row) => ({ events: row.events, ...chainCheckFigures(row), samples: row })),
    sweep: await measureSweepUnderLoad(),
  };
}

type SweepHealth = Omit<ChainSweepReport, 'broken'>;

/** The service's chain sweep, as GET /health reports it. */
async function sweepOf(service: Server): Promise<SweepHealth> {
  const answer = await fetch(`${service.url}/health`);
  return ((await answer.json()) as { chainSweep: SweepHealth }).chainSweep;
}

/** The sweep's report once it has ended, and its speed in events per second of its wall time. */
async function sweepEnded(service: Server): Promise<{ events: number; perSecond: number }> {
  for (;;) {
    const sweep = await sweepOf(service);
    if (sweep.state === 'failed') throw new Error(`the chain sweep failed: ${sweep.reason}`);
    if (sweep.state === 'done') {
      const seconds = (Date.parse(sweep.finishedAt!) - Date.parse(sweep.startedAt!)) / 1000;
      return { events: sweep.events, perSecond: sweep.events / Math.max(seconds, 0.001) };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The chain sweep in a running service over a seeded store (BENCH_SWEEP_MATCHES started
 * matches of BENCH_SWEEP_EVENTS events). Each rep starts the service three times on it:
 *  - quiet: nothing else to do; the sweep's speed;
 *  - beside decisions: moves on the first BENCH_API_MATCHES matches from the start, in runs of
 *    BENCH_SWEEP_LOAD_SECONDS after a warm-up run; each run that ends while the sweep still runs
 *    counts as "during", the one it ends in counts nowhere, and as many runs once it is done
 *    count as "after";
 *  - the same with MATCHLOG_CHAIN_SWEEP=off: the runs at the same places as the "during" ones
 *    are the baseline. A service is still warming up in its first tens of seconds (measured:
 *    its decisions/s grow for about 20 s on a loaded machine, sweep or not), so "during" against
 *    this baseline is the sweep's cost; against "after" it also counts the warm-up.
 */
async function measureSweepUnderLoad() {
  return inTempDir(async (dir) => {
    log(
      `chain: seeding ${formatRate(config.sweepMatches)} started matches of ${config.sweepEvents} events for the sweep (2 threads)`,
    );
    const seeded = await seedMatchesInThreads(
      dir,
      config.sweepMatches,
      config.sweepEvents,
      2,
      false,
      true,
    );
    const storeEvents = seeded.reduce((sum, match) => sum + match.events, 0);
    const matches = seeded
      .slice(0, config.matches)
      .map(({ matchId, tokens }) => ({ matchId, tokens: tokens ?? {} }));
    const quiet: number[] = [];
    const loaded: number[] = [];
    const during: number[] = [];
    const after: number[] = [];
    const withoutSweep: number[] = [];
    const runService = async (sweep: 'on' | 'off', work: (service: Server) => Promise<void>) => {
      const service = await startService(dir, 'matchlog', config.serviceEntry, {
        MATCHLOG_CHAIN_SWEEP: sweep,
      });
      try {
        await work(service);
      } finally {
        await service.stop();
      }
    };
    const decisionRun = async (service: Server, seconds = config.sweepLoadSeconds) =>
      (await load(service.url, 'decisions', matches, seconds, config.connections)).perSecond;
    // The read models of the seeded store are built once, before anything is measured.
    await runService('on', async (service) => {
      await waitForProjector(dir, 0);
      await sweepEnded(service);
    });
    for (let rep = 0; rep < config.reps; rep += 1) {
      log(`chain: sweep run ${rep + 1}/${config.reps}: quiet, beside decisions, and without it`);
      await runService('on', async (service) => {
        quiet.push((await sweepEnded(service)).perSecond);
      });
      let runsDuring = 0;
      await runService('on', async (service) => {
        await decisionRun(service, config.warmup);
        for (;;) {
          const perSecond = await decisionRun(service);
          if ((await sweepOf(service)).state !== 'running') break;
          during.push(perSecond);
          runsDuring += 1;
        }
        loaded.push((await sweepEnded(service)).perSecond);
        for (let i = 0; i < Math.max(1, runsDuring); i += 1) after.push(await decisionRun(service));
      });
      await runService('off', async (service) => {
        await decisionRun(service, config.warmup);
        for (let i = 0; i < runsDuring; i += 1) withoutSweep.push(await decisionRun(service));
      });
    }
    if (during.length === 0)
      log('chain: the sweep ended within the warm-up: raise BENCH_SWEEP_MATCHES to see its cost');
    const decisionsDuring = during.length > 0 ? median(during) : Number.NaN;
    const decisionsWithout = withoutSweep.length > 0 ? median(withoutSweep) : Number.NaN;
    const decisionsAfter = median(after);
    return {
      matches: config.sweepMatches,
      events: storeEvents,
      quietEventsPerSecond: median(quiet),
      loadedEventsPerSecond: median(loaded),
      decisionsDuring,
      decisionsWithout,
      decisionsAfter,
      /** Decisions/s while the sweep runs against the same runs of a service without it. */
      costRatio: decisionsDuring / decisionsWithout,
      /** Decisions/s while the sweep runs against after it (the warm-up counted in). */
      decisionsRatio: decisionsDuring / decisionsAfter,
      samples: { quiet, loaded, during, withoutSweep, after },
    };
  });
}

/** Prints this part's figures (with another part's, when both ran). */
export function reportChain({ chain: part, decisions }: ApiResults): void {
  const chain = part?.loads;
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
        'after sweep ms': row.swept.toFixed(2),
        ...(decisions && {
          'check / decision': `${((100 * row.checkPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`,
          'written again / decision': `${((100 * row.rewrittenCheckPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`,
          'resumed check / decision': `${((100 * row.resumedCheckPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`,
        }),
      })),
    );
    const first = chain[0];
    console.log(
      `\nA first load of a ${first.events}-event match, side by side: ` +
        (decisions
          ? `(a) a decision ${decisions.cpuMsPerDecision.toFixed(3)} ms of CPU; `
          : '(a) no decisions part in this run; ') +
        `(b) its chain check without the sweep ${first.checkPerLoad.toFixed(3)} ms` +
        (decisions ? ` = ${shareOf(first.checkPerLoad, decisions.cpuMsPerDecision)} of (a)` : '') +
        `; (c) after the sweep (checked from the head it remembered) ${first.resumedCheckPerLoad.toFixed(3)} ms` +
        (decisions
          ? ` = ${shareOf(first.resumedCheckPerLoad, decisions.cpuMsPerDecision)} of (a)`
          : '') +
        `. In MatchRepository: a fresh process ${first.repository.toFixed(3)} ms, after its sweep ${first.swept.toFixed(3)} ms, a reload ${first.reload.toFixed(3)} ms. ` +
        `The sweep in process (the bench store): ${formatRate(first.sweepEventsPerSecond)} events per CPU second.`,
    );
  }
  const sweep = part?.sweep;
  if (sweep) {
    console.log(
      `\nThe chain sweep in the service, over ${formatRate(sweep.matches)} matches (${formatRate(sweep.events)} events), ` +
        `medians of ${config.reps} starts each; decisions on ${config.matches} matches, ${config.connections} connections, runs of ${config.sweepLoadSeconds} s ` +
        `after a ${config.warmup} s warm-up, while the sweep runs, at the same places in a service without it, and after it`,
    );
    console.table([
      {
        'sweep events/s, quiet': formatRate(sweep.quietEventsPerSecond),
        'sweep events/s, beside decisions': formatRate(sweep.loadedEventsPerSecond),
        'decisions/s during the sweep': formatRate(sweep.decisionsDuring),
        'same runs, sweep off': formatRate(sweep.decisionsWithout),
        'after it': formatRate(sweep.decisionsAfter),
        'during / sweep off': sweep.costRatio.toFixed(2),
        'during / after': sweep.decisionsRatio.toFixed(2),
        runs: `${sweep.samples.during.length} / ${sweep.samples.withoutSweep.length} / ${sweep.samples.after.length}`,
      },
    ]);
  }
}

const shareOf = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

/** This part's rows of the run's summary table. */
export function summaryRowsChain({
  chain: part,
  decisions,
}: ApiResults): (SummaryRow | undefined)[] {
  const chain = part?.loads;
  const smallestChain = chain?.[0];
  const largestChain = chain?.at(-1);
  const sweep = part?.sweep;
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
        `chain check of a first load of ${smallestChain.events} events after the sweep (or any later load)` +
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
    sweep && {
      figure: `decisions/s while the chain sweep runs vs without it, vs after it (${formatRate(sweep.events)} events)`,
      value: `${formatRate(sweep.decisionsDuring)} vs ${formatRate(sweep.decisionsWithout)} (x${sweep.costRatio.toFixed(2)}), vs ${formatRate(sweep.decisionsAfter)} (x${sweep.decisionsRatio.toFixed(2)}); sweep ${formatRate(sweep.loadedEventsPerSecond)} events/s beside them, ${formatRate(sweep.quietEventsPerSecond)} quiet`,
      target: '-',
      met: undefined,
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
