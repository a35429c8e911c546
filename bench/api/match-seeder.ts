import { randomBytes, randomUUID } from 'node:crypto';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { toStoredEvent } from '../../src/application/matches/recorded-event.mapping';
import { commitmentOf } from '../../src/domain/dice';
import type { Actor, NewEvent, RecordedEvent } from '../../src/domain/events/recorded-event';
import { evolveMatch } from '../../src/domain/match/evolve-match';
import {
  decideClaimSeat,
  decideCreateMatch,
  decideDecision,
  decideStartMatch,
  type Decided,
} from '../../src/domain/match/match-decider';
import { matchStreamName } from '../../src/domain/match/match-events';
import { initialMatchState, type MatchState } from '../../src/domain/match/match-state';
import { carriesSecret, recordEvents } from '../../src/domain/match/record-events';
import { freeformRuleset } from '../../src/domain/rulesets/freeform/freeform.ruleset';
import { isRejection } from '../../src/domain/rulesets/rule-violation';
import type { Ruleset } from '../../src/domain/rulesets/ruleset';
import { SqliteEventStore } from '../../src/infrastructure/eventstore/sqlite/sqlite-event-store';
import { SqliteSecrets } from '../../src/infrastructure/persistence/sqlite-secrets';
import { SqliteTokenStore } from '../../src/infrastructure/persistence/sqlite-token-store';
import { hashToken } from '../../src/application/auth/token.service';
import { freeformSetup, planDecision, seatSpecs, seededRandom } from './scenario';

const ruleset = freeformRuleset as Ruleset;

export interface SeededMatch {
  matchId: string;
  events: number;
  /** Bearer tokens of the seats, when the matches were seeded to be played over HTTP. */
  tokens?: Record<string, string>;
}

interface BuiltMatch {
  matchId: string;
  seed: Uint8Array;
  events: RecordedEvent[];
}
/** The factions seats of finished matches play (Rex's, for the look of it). */
const FACTIONS = ['Atreides', 'Harkonnen', 'Fremen'] as const;
/** Events per append when a long match is written (the service appends one decision at a time). */
const CHUNK = 2000;

/**
 * Writes freeform matches straight into the service's SQLite store, before the service starts,
 * the way the service itself would have recorded them: the real match decider (params
 * validated), the real envelope and hash chain (`recordEvents`), the real evolve, random event
 * ids, a real dice seed per match in the secrets table, and appends with the expected revision
 * through the SqliteEventStore adapter. Only the HTTP layer is skipped.
 */
export class MatchSeeder {
  private readonly store: SqliteEventStore;
  private readonly secrets: SqliteSecrets;
  private readonly tokens: SqliteTokenStore;
  private clock = Date.parse('2026-11-01T09:00:00.000Z');

  constructor(dataDir: string) {
    this.store = new SqliteEventStore({ dataDir });
    this.secrets = new SqliteSecrets(this.store.database);
    this.tokens = new SqliteTokenStore(this.store.database);
  }

  /**
   * Seeds one long match, appended in chunks (one decision per append would only be slower),
   * with a token for each seat.
   */
  async seedMatch(totalEvents: number, randomSeed: number): Promise<SeededMatch> {
    const built = this.buildMatch(totalEvents, randomSeed);
    await this.putSeeds([built]);
    const stream = matchStreamName(built.matchId);
    for (let from = 0; from < built.events.length; from += CHUNK) {
      const chunk = built.events.slice(from, from + CHUNK);
      await this.store.append(
        stream,
        chunk.map(toStoredEvent),
        from === 0 ? 'no_stream' : BigInt(from - 1),
      );
    }
    return {
      matchId: built.matchId,
      events: built.events.length,
      tokens: await this.issueSeatTokens(built.matchId),
    };
  }

  /**
   * Seeds `count` matches of `eventsPerMatch` events, `batch` matches per transaction: their
   * appends are queued in one turn of the event loop, so the adapter group-commits them.
   * Match n (from 0) plays the decisions of random seed `firstSeed + n`.
   */
  async seedMatches(
    count: number,
    eventsPerMatch: number,
    batch = 100,
    firstSeed = 1,
    finish = false,
    withTokens = false,
  ): Promise<SeededMatch[]> {
    const seeded: SeededMatch[] = [];
    for (let from = 0; from < count; from += batch) {
      const built = Array.from({ length: Math.min(batch, count - from) }, (_, i) =>
        this.buildMatch(eventsPerMatch, firstSeed + from + i, finish),
      );
      await this.putSeeds(built);
      await Promise.all(
        built.map(({ matchId, events }) =>
          this.store.append(matchStreamName(matchId), events.map(toStoredEvent), 'no_stream'),
        ),
      );
      for (const { matchId, events } of built)
        seeded.push({
          matchId,
          events: events.length,
          ...(withTokens ? { tokens: await this.issueSeatTokens(matchId) } : {}),
        });
    }
    return seeded;
  }

  /**
   * The events of one started match of exactly `totalEvents` events: 6 of setup, then 2 per
   * decision; `finish`: then a concession by a random seat (3 more events), and the seats
   * play factions, so the statistics have something to sum.
   */
  private buildMatch(totalEvents: number, randomSeed: number, finish = false): BuiltMatch {
    if (totalEvents < 6 || totalEvents % 2 !== 0)
      throw new Error(`a seeded match has 6 + 2k events, not ${totalEvents}`);
    const matchId = randomUUID();
    const seed = randomBytes(32);
    const state = initialMatchState(matchId, ruleset.initialState());
    const events: RecordedEvent[] = [];
    const record = (decided: Decided, actor: Actor, decisionId?: string) => {
      if (isRejection(decided)) throw new Error(`seeding refused: ${decided.message}`);
      const recorded = recordEvents(state, decided as NewEvent[], {
        actor,
        recordedAt: new Date((this.clock += 1500)).toISOString(),
        decisionId,
        eventIds: decided.map(() => randomUUID()),
        secretSalts: decided.filter(carriesSecret).map(() => randomBytes(16).toString('hex')),
        ruleset: { id: ruleset.id, version: ruleset.version },
      });
      for (const event of recorded) {
        evolveMatch(ruleset, state, event);
        events.push(event);
      }
    };
    const organizer: Actor = { kind: 'organizer', id: 'bench-organizer' };
    record(
      decideCreateMatch({
        matchId,
        ruleset,
        title: `bench ${totalEvents}`,
        organizer: organizer.id,
        commitment: commitmentOf(seed),
        // Finished matches are public: the statistics count them for everyone.
        ...(finish ? { public: true } : {}),
        seats: finish
          ? seatSpecs().map((spec, i) => ({ ...spec, faction: FACTIONS[(randomSeed + i) % 3] }))
          : seatSpecs(),
        setup: freeformSetup(),
      }),
      organizer,
    );
    for (const { seat } of seatSpecs()) {
      record(decideClaimSeat(state, { seat, name: `Player ${seat}` }), {
        kind: 'seat',
        id: `seat-${seat}`,
        seat,
      });
    }
    record(decideStartMatch(state), organizer);
    const random = seededRandom(randomSeed);
    while (state.lastSeq + 1 < totalEvents) {
      const planned = planDecision(state as MatchState, random);
      const decisionId = randomUUID();
      record(
        decideDecision(ruleset, state, { decisionId, ...planned }, seed),
        { kind: 'seat', id: `seat-${planned.seat}`, seat: planned.seat },
        decisionId,
      );
    }
    if (finish) {
      const seat = random() < 0.5 ? 'red' : 'blue';
      const decisionId = randomUUID();
      record(
        decideDecision(ruleset, state, { decisionId, seat, kind: 'concede', params: {} }, seed),
        { kind: 'seat', id: `seat-${seat}`, seat },
        decisionId,
      );
    }
    return { matchId, seed, events };
  }

  /** A bearer token per seat, stored by hash as the service's TokenService stores them. */
  private async issueSeatTokens(matchId: string): Promise<Record<string, string>> {
    const tokens = Object.fromEntries(
      seatSpecs().map(({ seat }) => [seat, `ml_seat_${randomBytes(32).toString('base64url')}`]),
    );
    await this.tokens.insert(
      Object.entries(tokens).map(([seat, token]) => ({
        hash: hashToken(token),
        kind: 'seat' as const,
        subject: `seat-${seat}`,
        name: `Player ${seat}`,
        matchId,
        seat,
        createdAt: new Date(this.clock).toISOString(),
      })),
    );
    return tokens;
  }

  /** Dice seeds through the service's own SqliteSecrets, in one transaction (its calls are synchronous). */
  private async putSeeds(matches: BuiltMatch[]): Promise<void> {
    const puts: Promise<void>[] = [];
    this.store.database
      .transaction(() => {
        for (const { matchId, seed } of matches) puts.push(this.secrets.putSeed(matchId, seed));
      })
      .immediate();
    await Promise.all(puts);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/**
 * Seeds many small matches on `threads` worker threads, each with its own connection to the
 * same file (SQLite serializes their write transactions; building and hashing the events, the
 * bulk of the work, runs in parallel).
 */
export async function seedMatchesInThreads(
  dataDir: string,
  count: number,
  eventsPerMatch: number,
  threads = 2,
  finish = false,
  withTokens = false,
): Promise<SeededMatch[]> {
  // Tables first, from one connection, so the threads never race to create them.
  await new MatchSeeder(dataDir).close();
  const share = Math.ceil(count / threads);
  const parts = Array.from({ length: threads }, (_, t) => ({
    dataDir,
    eventsPerMatch,
    firstSeed: 1 + t * share,
    count: Math.max(0, Math.min(share, count - t * share)),
    finish,
    withTokens,
  })).filter((part) => part.count > 0);
  const results = await Promise.all(
    parts.map(
      (part) =>
        new Promise<SeededMatch[]>((resolve, reject) => {
          const worker = new Worker(
            `require('@swc-node/register'); require('reflect-metadata'); require(${JSON.stringify(__filename)}).runSeedThread();`,
            { eval: true, workerData: part },
          );
          let result: SeededMatch[] | undefined;
          worker.once('message', (seeded: SeededMatch[]) => (result = seeded));
          worker.once('error', reject);
          worker.once('exit', (code) =>
            result ? resolve(result) : reject(new Error(`seed thread exited with ${code}`)),
          );
        }),
    ),
  );
  return results.flat();
}

/** The body of a seeding thread (see seedMatchesInThreads). */
export async function runSeedThread(): Promise<void> {
  const { dataDir, count, eventsPerMatch, firstSeed, finish, withTokens } = workerData as {
    dataDir: string;
    count: number;
    eventsPerMatch: number;
    firstSeed: number;
    finish: boolean;
    withTokens: boolean;
  };
  const seeder = new MatchSeeder(dataDir);
  try {
    parentPort?.postMessage(
      await seeder.seedMatches(count, eventsPerMatch, 100, firstSeed, finish, withTokens),
    );
  } finally {
    await seeder.close();
  }
}
