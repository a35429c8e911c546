/**
 * Operations benchmark: `npm run bench:ops`. Side by side in one run, on this machine:
 *  1. logging: the service with its log on (`info`: one JSON access line per request, written
 *     to a pipe this process reads) against the same build with it off (`silent`), each on its
 *     own data directory and matches; target: on ≥ 90% of off's decisions/s;
 *  2. replicas: one replica against two replicas on the same EventStoreDB (the in-memory gRPC
 *     fake, served from this process), decisions sent to both at once. The fake answers at
 *     memory speed, so this measures what the replicas themselves cost, not a cluster; each
 *     replica of the pair gets half of the matches.
 * Runs alternate between the sides and their medians are compared.
 *
 * Sizes from the environment: BENCH_OPS_PARTS (logging,replicas), BENCH_OPS_DURATION seconds
 * per run (10), BENCH_OPS_REPS (3), BENCH_OPS_CONNECTIONS (64), BENCH_OPS_MATCHES (100),
 * BENCH_DIR (OS temp dir). Loopback only; every run is bounded by its duration; child
 * processes are always stopped.
 */
import 'reflect-metadata';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEsdbFake } from '../test/support/esdb-fake/esdb-fake';
import { E2E_RATE_LIMITS } from '../test/support/test-app';
import { load, setUpMatches, type BenchMatch } from './api/decision-load';
import { median } from './api/fold';
import { JsonClient } from './api/http';
import { freePort, inTempDir, startServer, type Server } from './api/processes';

const config = {
  parts: (process.env.BENCH_OPS_PARTS ?? 'logging,replicas').split(','),
  dir: process.env.BENCH_DIR ?? tmpdir(),
  duration: envInt('BENCH_OPS_DURATION', 10),
  reps: envInt('BENCH_OPS_REPS', 3),
  connections: envInt('BENCH_OPS_CONNECTIONS', 64),
  matches: envInt('BENCH_OPS_MATCHES', 100),
};
const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
const LOGGING_TARGET = 0.9;

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined ? fallback : Number.parseInt(value, 10);
}

const rate = (perSecond: number) => Math.round(perSecond).toLocaleString('en-US');
const log = (message: string) =>
  console.log(`[ops bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function startService(name: string, env: Record<string, string>): Promise<Server> {
  return startServer({
    name,
    args: ['src/main.ts'],
    env: { MATCHLOG_ADMIN_TOKEN: ADMIN_TOKEN, EVENTSTORE_URL: '', ...E2E_RATE_LIMITS, ...env },
    port: await freePort(),
    readyPath: '/health/ready',
    timeoutMs: 120_000,
  });
}

async function matchesOn(server: Server): Promise<BenchMatch[]> {
  const client = new JsonClient(server.url);
  try {
    return await setUpMatches(client, config.matches, ADMIN_TOKEN);
  } finally {
    client.close();
  }
}

async function runLogging() {
  return inTempDir(config.dir, async (dir) => {
    const servers: Server[] = [];
    try {
      const on = await startService('logging on', {
        MATCHLOG_DATA_DIR: join(dir, 'on'),
        MATCHLOG_LOG_LEVEL: 'info',
        MATCHLOG_LOG_FORMAT: 'json',
      });
      servers.push(on);
      const off = await startService('logging off', {
        MATCHLOG_DATA_DIR: join(dir, 'off'),
        MATCHLOG_LOG_LEVEL: 'silent',
      });
      servers.push(off);
      log(`logging: setting up ${config.matches} matches on each service`);
      const [onMatches, offMatches] = [await matchesOn(on), await matchesOn(off)];
      const c = config.connections;
      await load(on.url, 'warm-up', onMatches, 2, c);
      await load(off.url, 'warm-up', offMatches, 2, c);
      const onRuns: number[] = [];
      const offRuns: number[] = [];
      for (let rep = 0; rep < config.reps; rep += 1) {
        log(`logging: run ${rep + 1}/${config.reps}, ${config.duration} s each`);
        onRuns.push((await load(on.url, 'logging on', onMatches, config.duration, c)).perSecond);
        offRuns.push(
          (await load(off.url, 'logging off', offMatches, config.duration, c)).perSecond,
        );
      }
      const ratio = median(onRuns) / median(offRuns);
      return { onRuns, offRuns, on: median(onRuns), off: median(offRuns), ratio };
    } finally {
      for (const server of servers) await server.stop();
    }
  });
}

async function runReplicas() {
  return inTempDir(config.dir, async (dir) => {
    const fake = await startEsdbFake();
    const servers: Server[] = [];
    try {
      const keyFile = join(dir, 'signing-key.pem');
      writeFileSync(
        keyFile,
        generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }),
      );
      const shared = {
        EVENTSTORE_URL: fake.connectionString,
        MATCHLOG_SECRET_KEY: randomBytes(32).toString('base64'),
        MATCHLOG_SIGNING_KEY_FILE: keyFile,
        MATCHLOG_LOG_LEVEL: 'warn',
      };
      for (const name of ['a', 'b']) {
        mkdirSync(join(dir, name));
        servers.push(
          await startService(`replica ${name}`, { ...shared, MATCHLOG_DATA_DIR: join(dir, name) }),
        );
      }
      const [a, b] = servers;
      log(`replicas: setting up ${config.matches} matches through replica a`);
      const matches = await matchesOn(a);
      const c = config.connections;
      const half = Math.max(1, Math.floor(c / 2));
      const split = Math.floor(matches.length / 2);
      await load(a.url, 'warm-up', matches, 2, c);
      await load(b.url, 'warm-up', matches, 2, c);
      const oneRuns: number[] = [];
      const twoRuns: number[] = [];
      /** A few answers that were not 2xx, to explain a low figure. */
      const refused: string[] = [];
      // autocannon stops without waiting for the answers in flight: let them land first, so a run
      // never starts against writes of the previous one.
      const drain = () => new Promise((resolve) => setTimeout(resolve, 1000));
      for (let rep = 0; rep < config.reps; rep += 1) {
        await drain();
        log(`replicas: run ${rep + 1}/${config.reps}, ${config.duration} s each`);
        const one = await load(a.url, 'one replica', matches, config.duration, c);
        oneRuns.push(one.perSecond);
        refused.push(...one.samples);
        await drain();
        // Each replica gets its half of the matches: this measures the replicas, not the
        // conflicts of two writers on one match (those are retried, tested in the e2e suite).
        const pair = await Promise.all([
          load(a.url, 'replica a of two', matches.slice(0, split), config.duration, half),
          load(b.url, 'replica b of two', matches.slice(split), config.duration, half),
        ]);
        twoRuns.push(pair[0].perSecond + pair[1].perSecond);
        refused.push(...pair.flatMap((run) => run.samples));
      }
      return {
        oneRuns,
        twoRuns,
        one: median(oneRuns),
        two: median(twoRuns),
        ratio: median(twoRuns) / median(oneRuns),
        refused: refused.slice(0, 5),
      };
    } finally {
      for (const server of servers) await server.stop();
      await fake.close();
    }
  });
}

async function main(): Promise<void> {
  log(
    `${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${config.connections} connections, ${config.reps} runs of ${config.duration} s`,
  );
  const results: Record<string, unknown> = {};
  if (config.parts.includes('logging')) {
    const r = await runLogging();
    results.logging = r;
    console.log(
      `\nLogging (decisions/s over HTTP, medians of ${config.reps}):\n` +
        `  on (info, JSON lines)  ${rate(r.on)}   runs ${r.onRuns.map(rate).join(', ')}\n` +
        `  off (silent)           ${rate(r.off)}   runs ${r.offRuns.map(rate).join(', ')}\n` +
        `  on / off               ${(100 * r.ratio).toFixed(1)}%   target ≥ ${100 * LOGGING_TARGET}%: ${r.ratio >= LOGGING_TARGET ? 'pass' : 'MISS'}`,
    );
  }
  if (config.parts.includes('replicas')) {
    const r = await runReplicas();
    results.replicas = r;
    console.log(
      `\nReplicas on one EventStoreDB (the in-memory gRPC fake; decisions/s, medians of ${config.reps}):\n` +
        `  one replica            ${rate(r.one)}   runs ${r.oneRuns.map(rate).join(', ')}\n` +
        `  two replicas           ${rate(r.two)}   runs ${r.twoRuns.map(rate).join(', ')}\n` +
        `  two / one              ${(100 * r.ratio).toFixed(1)}%` +
        (r.refused.length ? `\n  not 2xx, e.g.: ${r.refused.join(' | ')}` : ''),
    );
  }
  mkdirSync(join(__dirname, 'results'), { recursive: true });
  writeFileSync(join(__dirname, 'results', 'ops.json'), JSON.stringify(results, null, 2));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
