import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Runs `build` when `isFresh()` says its output is stale, once across Jest's parallel workers:
 * one builds while holding the lock directory `lock`, the others wait for it and then find the
 * output fresh. A lock older than `timeoutMs` (a worker killed mid-build) is broken.
 */
export function buildOnce(
  lock: string,
  timeoutMs: number,
  isFresh: () => boolean,
  build: () => void,
): void {
  if (isFresh()) return;
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (!isFresh()) build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
