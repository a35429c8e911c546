'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS: preloaded without a TypeScript loader */
/**
 * Preloaded into the service child by the API bench (`node --expose-gc -r ...`), never by the
 * service itself. Plain JavaScript, so it loads the same under swc-node and under `node dist/`.
 * It answers messages on the IPC channel the bench opened:
 *  - 'bench:gc': runs a full garbage collection and answers with process.memoryUsage() before
 *    and after, so the bench reads a resident size that holds live data, not garbage;
 *  - { type: 'bench:profile', action: 'start' | 'stop', file }: a CPU profile of the service
 *    under load (BENCH_PROFILE_DIR), written as a .cpuprofile file.
 * (Signals would not do: Nest's enableShutdownHooks() treats SIGUSR2 as a shutdown signal.)
 */
const { writeFileSync } = require('node:fs');
const { Session } = require('node:inspector');

const gc = globalThis.gc;
let session;

if (process.send) {
  process.on('message', (message) => {
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
