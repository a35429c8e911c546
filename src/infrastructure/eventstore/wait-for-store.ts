import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import { EsdbEventStore } from './esdb/esdb-event-store';

/** The first wait between attempts to reach EventStoreDB at start; it doubles up to the cap. */
const FIRST_WAIT_MS = 500;
const MAX_WAIT_MS = 15_000;

/** The hosts of a connection string, without the credentials it may carry. */
export function eventStoreHosts(connectionString: string): string {
  return /^esdb(?:\+discover)?:\/\/(?:[^@/]*@)?([^/?]*)/.exec(connectionString)?.[1] ?? '?';
}

/**
 * Before the service starts on EventStoreDB: waits until the store answers, retrying with
 * backoff, so a service started before its store (a machine booting, a cluster electing its
 * leader) starts once the store is there instead of exiting with a gRPC stack. One line when
 * it must wait, one when the store answers; SIGTERM ends the wait as it ends the process.
 */
export async function waitForEventStore(connectionString: string, logger: Logger): Promise<void> {
  const hosts = eventStoreHosts(connectionString);
  const probe = new EsdbEventStore({ connectionString });
  try {
    let wait = FIRST_WAIT_MS;
    let waitedSince: number | undefined;
    for (;;) {
      const health = await probe.health();
      if (health.ok) {
        if (waitedSince !== undefined)
          logger.info(
            { storeState: 'reachable', hosts, waitedMs: Date.now() - waitedSince },
            `EventStoreDB at ${hosts} answers (${health.version}): starting`,
          );
        return;
      }
      if (waitedSince === undefined) {
        waitedSince = Date.now();
        logger.warn(
          { storeState: 'waiting', hosts, reason: health.detail },
          `EventStoreDB at ${hosts} cannot be reached (${health.detail ?? 'no answer'}): waiting for it before starting, retrying with backoff up to every ${MAX_WAIT_MS / 1000} s`,
        );
      }
      await delay(wait);
      wait = Math.min(MAX_WAIT_MS, wait * 2);
    }
  } finally {
    await probe.close();
  }
}
