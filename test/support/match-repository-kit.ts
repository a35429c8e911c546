import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { RecordedEvent } from '../../src/domain/events/recorded-event';
import {
  decideClaimSeat,
  decideCreateMatch,
  decideStartMatch,
} from '../../src/domain/match/match-decider';
import { freeformRuleset } from '../../src/domain/rulesets/freeform/freeform.ruleset';
import { isRejection, type Rejection } from '../../src/domain/rulesets/rule-violation';
import type { Ruleset } from '../../src/domain/rulesets/ruleset';
import type { NewEvent } from '../../src/domain/events/recorded-event';
import type { EventStore } from '../../src/application/ports/event-store.port';
import { MatchRepository } from '../../src/application/matches/match-repository';
import { StreamIntegrity } from '../../src/application/matches/stream-integrity';
import { createRulesetRegistry } from '../../src/application/rulesets/ruleset-catalog';
import { CryptoRng } from '../../src/infrastructure/persistence/crypto-rng';

/**
 * A MatchRepository over a store, as one process has it (its own StreamIntegrity), by default
 * keeping no match's state in memory (a cache of 1 byte): every read is a load from the store.
 */
export const ruleset = freeformRuleset as Ruleset;
export const organizer = { actor: { kind: 'organizer' as const, id: 'org-1' } };

export function repositoryOver(
  store: EventStore,
  integrity = new StreamIntegrity(),
  cacheBytes = 1,
): MatchRepository {
  return new MatchRepository(
    store,
    { latestAtOrBefore: () => Promise.resolve(undefined), put: () => Promise.resolve() },
    createRulesetRegistry([ruleset]),
    { nowIso: () => '2026-12-06T22:00:00.000Z' },
    new CryptoRng(),
    cacheBytes,
    false,
    integrity,
  );
}

/** The events a decider gave; a refusal fails the test. */
export const decided = (events: NewEvent[] | Rejection): NewEvent[] => {
  if (isRejection(events)) throw new Error(events.message);
  return events;
};

/** Records that seat's claim by `name`; returns the events recorded. */
export async function claimSeat(
  repository: MatchRepository,
  matchId: string,
  seat: string,
  name: string,
): Promise<RecordedEvent[]> {
  const { events } = await repository.decideAndAppend(
    matchId,
    (state) => decideClaimSeat(state, { seat, name }),
    { actor: { kind: 'seat', id: seat, seat } },
  );
  return events;
}

/** A freeform match of two seats, red and blue, created (seqs 0-1); returns the events recorded. */
export function recordCreatedMatch(
  repository: MatchRepository,
  matchId: string,
): Promise<RecordedEvent[]> {
  return repository.create(
    matchId,
    ruleset,
    decided(
      decideCreateMatch({
        matchId,
        ruleset,
        organizer: 'org-1',
        commitment: '0'.repeat(64),
        seats: [{ seat: 'red' }, { seat: 'blue' }],
      }),
    ),
    organizer,
  );
}

/**
 * A started freeform match of two seats: created (seqs 0-1), red claimed by Alice (2), blue by
 * Bob (3), started (4). Returns the events as recorded.
 */
export async function recordStartedMatch(
  repository: MatchRepository,
  matchId: string,
): Promise<RecordedEvent[]> {
  const created = await recordCreatedMatch(repository, matchId);
  const red = await claimSeat(repository, matchId, 'red', 'Alice');
  const blue = await claimSeat(repository, matchId, 'blue', 'Bob');
  const { events: started } = await repository.decideAndAppend(
    matchId,
    (state) => decideStartMatch(state),
    organizer,
  );
  return [...created, ...red, ...blue, ...started];
}

/**
 * Changes a text inside the stored event at `seq` of `stream` in the embedded store of
 * `dataDir`, as someone with the file could (hash and links left as they were).
 */
export function alterStoredEvent(
  dataDir: string,
  stream: string,
  seq: number,
  from: string,
  to: string,
): void {
  const db = new Database(join(dataDir, 'matchlog.db'));
  try {
    const changed = db
      .prepare(
        `UPDATE events SET data = replace(data, ?, ?) WHERE stream = ? AND revision = ? AND instr(data, ?) > 0`,
      )
      .run(from, to, stream, seq, from);
    if (changed.changes !== 1) throw new Error(`no "${from}" at ${stream} seq ${seq}`);
  } finally {
    db.close();
  }
}
