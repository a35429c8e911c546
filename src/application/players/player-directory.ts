import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  evolvePlayers,
  initialPlayerRegistry,
  PLAYER_REGISTRY_STREAM,
  playersNamed,
  playersStartingWith,
  type Player,
  type PlayerRegistryEvent,
  type PlayerRegistryState,
} from '../../domain/players/player-registry';
import { isRejection, type Rejection } from '../../domain/rulesets/rule-violation';
import type { Principal } from '../auth/principal';
import { RejectedError } from '../errors';
import { CLOCK, type Clock } from '../ports/clock.port';
import {
  EVENT_STORE,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type EventStore,
} from '../ports/event-store.port';
import { KeyedLock } from '../matches/keyed-lock';

/** Another replica appending between our read and our write is rare: retried on the fresh registry. */
const MAX_ATTEMPTS = 5;

/**
 * The player registry's read model: the `players` stream folded in memory (players are few
 * beside events). Every read first takes the events appended since (one indexed read of the
 * stream's tail), so a player registered through any replica is found at once; every write
 * names the stream's last revision, so an id is taken once however many replicas race.
 */
@Injectable()
export class PlayerDirectory {
  private state: PlayerRegistryState = initialPlayerRegistry();
  /** Revision of the last registry event folded; -1n before the first. */
  private revision = -1n;
  private readonly lock = new KeyedLock();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async get(playerId: string): Promise<Player | undefined> {
    await this.refresh();
    return this.state.players.get(playerId);
  }

  /** The players a text names (an id, else exact normalised names and aliases): see playersNamed. */
  async named(text: string): Promise<Player[]> {
    await this.refresh();
    return playersNamed(this.state, text);
  }

  /** The players a picker suggests for the start of a name or id: see playersStartingWith. */
  async startingWith(text: string): Promise<Player[]> {
    await this.refresh();
    return playersStartingWith(this.state, text);
  }

  /** Every player, ordered by id. */
  async all(): Promise<Player[]> {
    await this.refresh();
    return [...this.state.players.values()].sort((a, b) => (a.playerId < b.playerId ? -1 : 1));
  }

  /**
   * Decides on the registry as it stands and appends what was decided (refusals throw
   * RejectedError); returns the player the event is about, as it is afterwards.
   */
  record(
    principal: Principal,
    decide: (state: PlayerRegistryState) => PlayerRegistryEvent | Rejection,
  ): Promise<Player> {
    return this.lock.run(PLAYER_REGISTRY_STREAM, async () => {
      for (let attempt = 1; ; attempt += 1) {
        await this.refresh();
        const decided = decide(this.state);
        if (isRejection(decided)) throw new RejectedError(decided);
        try {
          await this.store.append(
            PLAYER_REGISTRY_STREAM,
            [
              {
                eventId: randomUUID(),
                type: decided.type,
                data: decided.data,
                meta: {
                  recordedAt: this.clock.nowIso(),
                  actor: {
                    kind: principal.kind,
                    ...('id' in principal ? { id: principal.id } : {}),
                  },
                },
              },
            ],
            this.revision < 0n ? 'no_stream' : this.revision,
          );
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
          throw error;
        }
        await this.refresh();
        const player = this.state.players.get(decided.data.playerId);
        if (!player) throw new Error(`Player ${decided.data.playerId} was not recorded`);
        return player;
      }
    });
  }

  /** Folds the registry events appended since the last one folded. */
  private async refresh(): Promise<void> {
    try {
      for await (const event of this.store.read(PLAYER_REGISTRY_STREAM, {
        from: this.revision + 1n,
      })) {
        if (event.revision <= this.revision) continue;
        const meta = (event.meta ?? {}) as { recordedAt?: unknown };
        evolvePlayers(this.state, event, String(meta.recordedAt ?? ''));
        this.revision = event.revision;
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
  }
}
