'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS: preloaded without a TypeScript loader */
/**
 * Preloaded into the service child by the API bench (`node --expose-gc -r ...`), never by the
 * service itself. Plain JavaScript, so it loads the same under swc-node and under `node dist/`.
 * It answers messages on the IPC channel the bench opened:
 *  - 'bench:loop': the event loop's delay and the collector's pauses since the last ask (the
 *    first ask starts watching them);
 *  - 'bench:gc': runs a full garbage collection and answers with process.memoryUsage() before
 *    and after, so the bench reads a resident size that holds live data, not garbage;
 *  - { type: 'bench:profile', action: 'start' | 'stop', file }: a CPU profile of the service
 *    under load (BENCH_PROFILE_DIR), written as a .cpuprofile file.
 * (Signals would not do: Nest's enableShutdownHooks() treats SIGUSR2 as a shutdown signal.)
 */
const { writeFileSync } = require('node:fs');
const { Session } = require('node:inspector');
const { constants, monitorEventLoopDelay, PerformanceObserver } = require('node:perf_hooks');

const gc = globalThis.gc;
let session;

/**
 * What held the service's event loop since the last 'bench:loop' ask: the loop's delay
 * (sampled every 2 ms) and the collector's pauses, major (mark-compact) and minor apart. It
 * tells a decision's slow tail the service caused from one the shared machine did. Started by
 * the first ask, so the parts that never ask run the service without it. (The service's own
 * /metrics sample the loop every 10 ms and bucket pauses at 1, 10 and 100 ms: too coarse for
 * pauses of 5-20 ms.)
 */
let loopDelay;
let gcPauses;

function noPauses() {
  return { count: 0, totalMs: 0, maxMs: 0 };
}

function startLoopWatch() {
  loopDelay = monitorEventLoopDelay({ resolution: 2 });
  loopDelay.enable();
  gcPauses = { major: noPauses(), minor: noPauses() };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const pauses =
        entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR ? gcPauses.major : gcPauses.minor;
      pauses.count += 1;
      pauses.totalMs += entry.duration;
      pauses.maxMs = Math.max(pauses.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
}

function loopReport() {
  if (!loopDelay) startLoopWatch();
  const report = {
    type: 'bench:loop',
    delayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    majorGc: gcPauses.major,
    minorGc: gcPauses.minor,
  };
  loopDelay.reset();
  gcPauses = { major: noPauses(), minor: noPauses() };
  return report;
}

if (process.send) {
  process.on('message', (message) => {
    if (message === 'bench:loop') {
      process.send(loopReport());
      return;
    }
    if (message === 'bench:gc') {
      const before = process.memoryUsage();
      if (gc) {
        gc();
        gc();
      }
      process.send({ type: 'bench:gc', before, after: process.memoryUsage(), collected: !!gc });
      return;
    }
    if (!message || message.type !== 'bench:profile') return;
    if (message.action === 'start') {
      session = new Session();
      session.connect();
      session.post('Profiler.enable', () =>
        session.post('Profiler.start', () =>
          process.send({ type: 'bench:profile', started: true }),
        ),
      );
    } else if (session && message.file) {
      const { file } = message;
      session.post('Profiler.stop', (error, result) => {
        if (!error) writeFileSync(file, JSON.stringify(result.profile));
        session.disconnect();
        session = undefined;
        process.send({ type: 'bench:profile', file, error: error && error.message });
      });
    }
  });
  // The channel must not keep the service alive once it closes.
  if (process.channel) process.channel.unref();
}
