/**
 * API bench part `decisions`:
 * decisions per second over HTTP, beside bare Fastify, boardgame.io and a baseline build.
 * Runs in `npm run bench:api` (BENCH_API_PARTS), or alone:
 * `node -r @swc-node/register bench/api/decisions.bench.ts`.
 */
import 'reflect-metadata';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadPeer, setUpPeerMatches } from './boardgame-io-load';
import { median } from './fold';
import { JsonClient } from './http';
import { load, loadServer, setUpMatches, type BenchMatch, type LoadRun } from './decision-load';
import { freePort, startProfile, startServer, type Server } from './processes';
import { config, log, inTempDir, TARGETS, formatRate, formatMs, formatMiB } from './bench-config';
import { ADMIN_TOKEN, startService, memoryAfterGc } from './service';
import { cpus } from 'node:os';
import { runAlone, type ApiBenchPart, type ApiResults, type SummaryRow } from './run-parts';

export async function runDecisions() {
  return inTempDir(async (dir) => {
    let service: Server | undefined;
    let bare: Server | undefined;
    let peer: Server | undefined;
    let baseline: { server: Server; matches: BenchMatch[] } | undefined;
    try {
      if (config.baselineEntry) {
        // Its own data dir and matches: the two builds never share a store.
        const baselineDir = join(dir, 'baseline');
        mkdirSync(baselineDir);
        const server = await startService(
          baselineDir,
          'baseline',
          config.baselineEntry,
          {},
          config.baselineNodeFlags,
        );
        const client = new JsonClient(server.url);
        log(
          `decisions: setting up ${config.matches} matches on the baseline ${config.baselineEntry}`,
        );
        baseline = { server, matches: await setUpMatches(client, config.matches, ADMIN_TOKEN) };
        client.close();
      }
      service = await startService(dir);
      const emptyMemory = await memoryAfterGc(service);
      const api = new JsonClient(service.url);
      log(`decisions: setting up ${config.matches} started freeform matches over HTTP`);
      const setupStarted = performance.now();
      const matches = await setUpMatches(api, config.matches, ADMIN_TOKEN);
      const setupSeconds = (performance.now() - setupStarted) / 1000;
      api.close();
      bare = await startServer({
        name: 'bare fastify',
        args: ['bench/api/bare-fastify.server.ts'],
        env: {},
        port: await freePort(),
        readyPath: '/health',
      });
      const peerSocketPort = await freePort();
      peer = await startServer({
        name: 'boardgame.io',
        args: ['bench/api/boardgame-io.server.ts'],
        env: { SOCKET_PORT: String(peerSocketPort) },
        port: await freePort(),
        readyPath: '/health',
      });
      const peerMatches = await setUpPeerMatches(peer.url, config.matches);
      const peerSockets = `http://127.0.0.1:${peerSocketPort}`;
      const runs: LoadRun[] = [];
      /** Warm-up and profiled runs: not in the figures, but their decisions are in the store. */
      const uncounted: LoadRun[] = [];
      if (config.warmup > 0) {
        log(`decisions: ${config.warmup} s warm-up of each server`);
        uncounted.push(
          await load(service.url, 'matchlog (warm-up)', matches, config.warmup, config.connections),
        );
        if (baseline)
          await load(
            baseline.server.url,
            'baseline (warm-up)',
            baseline.matches,
            config.warmup,
            config.connections,
          );
        await load(bare.url, 'bare fastify (warm-up)', matches, config.warmup, config.connections);
        await loadPeer(
          peerSockets,
          'boardgame.io (warm-up)',
          peerMatches,
          config.warmup,
          config.connections,
        );
      }
      for (let rep = 0; rep < config.reps; rep += 1) {
        log(
          `decisions: run ${rep + 1}/${config.reps}, ${config.duration} s each, ${config.connections} connections`,
        );
        const pair = [
          () => loadServer(service!, 'matchlog', matches, config.duration, config.connections),
          ...(baseline
            ? [
                () =>
                  loadServer(
                    baseline!.server,
                    'baseline',
                    baseline!.matches,
                    config.duration,
                    config.connections,
                  ),
              ]
            : []),
        ];
        // Each build goes first in every other round: a run pays for the disk writes the run
        // before it left to the kernel, and an A/A pair always in one order read 105%.
        if (rep % 2 === 1) pair.reverse();
        for (const run of pair) runs.push(await run());
        runs.push(
          await load(bare.url, 'bare fastify', matches, config.duration, config.connections),
        );
        runs.push(
          await loadPeer(
            peerSockets,
            'boardgame.io',
            peerMatches,
            config.duration,
            config.connections,
          ),
        );
      }
      let profile: string | undefined;
      if (config.profileDir) {
        // One extra run, not counted: the profiler slows the service down.
        profile = join(config.profileDir, 'service-decisions.cpuprofile');
        log(`decisions: profiling the service for ${config.duration} s into ${profile}`);
        const profiler = await startProfile(service);
        uncounted.push(
          await load(
            service.url,
            'matchlog (profiled)',
            matches,
            config.duration,
            config.connections,
          ),
        );
        await profiler.stop(profile);
      }
      await service.stop();
      service = undefined;

      // Every 2xx must be one decision in the store (6 setup events per match, 2 per decision).
      // Autocannon drops the answers still in flight when a run stops: at most `connections`
      // per run are stored without being counted.
      const db = new Database(join(dir, 'matchlog.db'), { readonly: true });
      const events = db.prepare('SELECT count(*) FROM events').pluck().get() as number;
      db.close();
      const loads = [...runs.filter((r) => r.target === 'matchlog'), ...uncounted];
      const store = {
        decisionsStored: (events - 6 * matches.length) / 2,
        answered2xx: loads.reduce((sum, r) => sum + r.ok, 0),
        inFlightBound: loads.length * config.connections,
      };
      const ours = runs.filter((r) => r.target === 'matchlog');
      const base = runs.filter((r) => r.target === 'bare fastify');
      const before = runs.filter((r) => r.target === 'baseline');
      const peers = runs.filter((r) => r.target === 'boardgame.io');
      const perSecond = median(ours.map((r) => r.perSecond));
      const barePerSecond = median(base.map((r) => r.perSecond));
      return {
        setupSeconds,
        profile,
        emptyServiceMemory: emptyMemory,
        runs,
        store,
        perSecond,
        p50: median(ours.map((r) => r.p50)),
        p99: median(ours.map((r) => r.p99)),
        cpuMsPerDecision: median(ours.map((r) => r.cpuMsPerRequest ?? Number.NaN)),
        non2xx: ours.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
        bare: {
          perSecond: barePerSecond,
          p50: median(base.map((r) => r.p50)),
          p99: median(base.map((r) => r.p99)),
          non2xx: base.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
        },
        ratio: perSecond / barePerSecond,
        peer: {
          perSecond: median(peers.map((r) => r.perSecond)),
          p50: median(peers.map((r) => r.p50)),
          p99: median(peers.map((r) => r.p99)),
          errors: peers.reduce((sum, r) => sum + r.errors, 0),
          /** Each matchlog run against the boardgame.io run of the same round. */
          pairedRatios: ours.map((run, i) => run.perSecond / peers[i].perSecond),
        },
        ...(before.length > 0
          ? {
              baseline: {
                entry: config.baselineEntry,
                perSecond: median(before.map((r) => r.perSecond)),
                p99: median(before.map((r) => r.p99)),
                cpuMsPerDecision: median(before.map((r) => r.cpuMsPerRequest ?? Number.NaN)),
                /** Each run against the baseline run right after it. */
                pairedRatios: ours.map((run, i) => run.perSecond / before[i].perSecond),
              },
            }
          : {}),
        /** Each run against the bare run right after it: how much the machine's load moved the ratio. */
        pairedRatios: ours.map((run, i) => run.perSecond / base[i].perSecond),
      };
    } finally {
      await service?.stop();
      await bare?.stop();
      await peer?.stop();
      await baseline?.server.stop();
    }
  });
}

/** Prints this part's figures (with another part's, when both ran). */
export function reportDecisions({ decisions }: ApiResults): void {
  if (decisions) {
    console.log(
      `\nDecisions over HTTP: ${config.matches} matches, ${config.connections} connections, ` +
        `${config.duration} s per run, ${config.reps} runs each (setup over HTTP took ${decisions.setupSeconds.toFixed(1)} s)`,
    );
    console.table(
      decisions.runs.map((run) => ({
        server: run.target,
        '2xx/s': formatRate(run.perSecond),
        p50: formatMs(run.p50),
        p99: formatMs(run.p99),
        '2xx': run.ok,
        'non-2xx': run.non2xx,
        errors: run.errors + run.timeouts,
        'CPU ms/2xx': run.cpuMsPerRequest === undefined ? '-' : run.cpuMsPerRequest.toFixed(3),
      })),
    );
    console.log(
      `median: matchlog ${formatRate(decisions.perSecond)}/s (p50 ${formatMs(decisions.p50)}, p99 ${formatMs(decisions.p99)}), ` +
        `bare fastify ${formatRate(decisions.bare.perSecond)}/s (p50 ${formatMs(decisions.bare.p50)}, p99 ${formatMs(decisions.bare.p99)}), ` +
        `ratio ${(100 * decisions.ratio).toFixed(1)}% (run by run: ${decisions.pairedRatios
          .map((r) => `${(100 * r).toFixed(1)}%`)
          .join(', ')})`,
    );
    // What the ratio target asks of one decision, beside what it costs now: the event loop is one
    // thread, and the whole process shares the machine's cores with this bench's load.
    const targetPerSecond = TARGETS.ratioToBare * decisions.bare.perSecond;
    console.log(
      `${(100 * TARGETS.ratioToBare).toFixed(0)}% of bare fastify is ${formatRate(targetPerSecond)} decisions/s: ` +
        `${(1e6 / targetPerSecond).toFixed(0)} µs of the event loop a decision (now ${(1e6 / decisions.perSecond).toFixed(0)} µs at most), ` +
        `${((1e3 * cpus().length) / targetPerSecond).toFixed(3)} ms of CPU with all ${cpus().length} cores for the service ` +
        `(now ${decisions.cpuMsPerDecision.toFixed(3)} ms)`,
    );
    const { peer } = decisions;
    console.log(
      `boardgame.io ${formatRate(peer.perSecond)} moves/s (p50 ${formatMs(peer.p50)}, p99 ${formatMs(peer.p99)}, ${peer.errors} unanswered): ` +
        `matchlog at ${(100 * (decisions.perSecond / peer.perSecond)).toFixed(1)}% of it (run by run: ${peer.pairedRatios
          .map((r) => `${(100 * r).toFixed(1)}%`)
          .join(', ')}). ` +
        `A boardgame.io move is a reducer over in-memory state and a socket.io broadcast; a matchlog decision is also ` +
        `schema-validated, rule-checked, hash-chained, fsynced (synchronous=FULL) and answered with a signed receipt`,
    );
    if (decisions.baseline) {
      const { baseline } = decisions;
      console.log(
        `against the baseline ${baseline.entry}: ${formatRate(baseline.perSecond)}/s (p99 ${formatMs(baseline.p99)}); ` +
          `this build at ${(100 * (decisions.perSecond / baseline.perSecond)).toFixed(1)}% of it ` +
          `(run by run: ${baseline.pairedRatios.map((r) => `${(100 * r).toFixed(1)}%`).join(', ')}); ` +
          `service CPU per decision (median): this build ${decisions.cpuMsPerDecision.toFixed(3)} ms, ` +
          `baseline ${baseline.cpuMsPerDecision.toFixed(3)} ms, ` +
          `${(100 * (baseline.cpuMsPerDecision / decisions.cpuMsPerDecision)).toFixed(1)}% of the decisions per CPU second`,
      );
    }
    const { store } = decisions;
    const unanswered = store.decisionsStored - store.answered2xx;
    console.log(
      `store check: ${formatRate(store.decisionsStored)} decisions stored = ${formatRate(store.answered2xx)} answered 2xx ` +
        `(warm-up included) + ${unanswered} in flight when the runs stopped (at most ${store.inFlightBound}): ` +
        `${unanswered >= 0 && unanswered <= store.inFlightBound ? 'consistent' : 'INCONSISTENT'}; ` +
        `empty service RSS after GC ${formatMiB(decisions.emptyServiceMemory.rssAfterGc)}`,
    );
    for (const run of decisions.runs)
      for (const sample of run.samples) console.log(`  non-2xx from ${run.target}: ${sample}`);
  }
}

/** This part's rows of the run's summary table. */
export function summaryRowsDecisions({ decisions }: ApiResults): (SummaryRow | undefined)[] {
  return [
    decisions && {
      figure: 'decisions/s over HTTP (median)',
      value: formatRate(decisions.perSecond),
      target: `>= ${formatRate(TARGETS.decisionsPerSecond)}`,
      met: decisions.perSecond >= TARGETS.decisionsPerSecond && decisions.non2xx === 0,
    },
    decisions?.baseline && {
      figure: 'decisions/s vs the baseline build',
      value: `${(100 * (decisions.perSecond / decisions.baseline.perSecond)).toFixed(1)}%`,
      target: '>= 95%',
      met: decisions.perSecond >= 0.95 * decisions.baseline.perSecond,
    },
    decisions?.baseline && {
      figure: 'CPU per decision vs the baseline build',
      value: `${decisions.cpuMsPerDecision.toFixed(3)} ms vs ${decisions.baseline.cpuMsPerDecision.toFixed(3)} ms`,
      target: '<= 105% of the baseline',
      met: decisions.cpuMsPerDecision <= 1.05 * decisions.baseline.cpuMsPerDecision,
    },
    decisions && {
      figure: 'decisions/s vs bare Fastify',
      value: `${(100 * decisions.ratio).toFixed(1)}%`,
      target: `>= ${100 * TARGETS.ratioToBare}%`,
      met: decisions.ratio >= TARGETS.ratioToBare,
    },
    decisions && {
      figure: 'decisions/s vs boardgame.io moves/s (no schema, chain or fsync there)',
      value: `${(100 * (decisions.perSecond / decisions.peer.perSecond)).toFixed(1)}%`,
      target: '-',
      met: undefined,
    },
    decisions && {
      figure: 'decision latency p50 / p99',
      value: `${formatMs(decisions.p50)} / ${formatMs(decisions.p99)}`,
      target: '-',
      met: undefined,
    },
    decisions && {
      figure: 'decision non-2xx + errors',
      value: String(decisions.non2xx),
      target: '0',
      met: decisions.non2xx === 0,
    },
  ];
}

export const decisionsPart: ApiBenchPart = {
  name: 'decisions',
  run: async () => ({ decisions: await runDecisions() }),
  report: reportDecisions,
  summarize: summaryRowsDecisions,
};

if (require.main === module) runAlone(decisionsPart);
