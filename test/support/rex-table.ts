import { createHash } from 'node:crypto';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import { anyDecision, type Api, type Session } from './api-client';
import { claimSeatsAndStart, ok, type Problem } from './match-checks';

/**
 * A Rex match over HTTP for given/when/then e2e specs: created by an organizer with a setup
 * and options, every seat claimed, started and begun (Xxcha's prediction sealed first when
 * Xxcha plays). `when(...).then(...)` expects the decision recorded with those event types;
 * `when(...).thenRefuses(...)` expects a 422 problem+json naming the rule, and that the
 * stream did not move. Every call goes through the validating client.
 */

/** An open object of the document (a table, derived values, event data), read as it is. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface RexPiece {
  id: string;
  zone: string;
  type: string;
  owner?: string;
  attrs: Json;
}

export interface RexTableState {
  table: {
    pieces: Record<string, RexPiece>;
    tracks: Record<string, { value: number }>;
    turn: { round: number; phase?: string; active: string[] };
    zones: Record<string, { hiddenCount?: number }>;
    losses: Record<string, unknown[]>;
  };
  derived: Json;
}

export interface RecordedJson {
  type: string;
  seq: number;
  data: Json;
}

export interface RexMatchSpec {
  factions: string[];
  setup?: Json;
  options?: Json;
  /** Public matches are readable by anyone (with no spectator delay here). */
  public?: boolean;
}

/** A seal's salt: 32 hex digits (128 bits), as a client draws it. */
export const saltFor = (seat: string, kind: string): string =>
  createHash('sha256').update(`salt-${seat}-${kind}`).digest('hex').slice(0, 32);

export const commitmentOf = (salt: string, params: Json): string =>
  createHash('sha256')
    .update(salt + canonicalJson(params))
    .digest('hex');

export class RexTable {
  private constructor(
    readonly api: Api,
    readonly id: string,
    readonly seats: Record<string, Session>,
    readonly organizer: Session,
  ) {}

  /** Creates, claims and starts the match; `begin` is left to the spec (see `begun`). */
  static async started(api: Api, organizer: Session, spec: RexMatchSpec): Promise<RexTable> {
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'rex',
          seats: spec.factions.map((faction) => ({ seat: faction, faction })),
          options: { deckOrder: 'as-listed', ...spec.options },
          setup: spec.setup ?? {},
          ...(spec.public ? { public: true, spectatorDelay: 0 } : {}),
        },
      }),
      201,
    );
    const seats = await claimSeatsAndStart(api, created, organizer);
    return new RexTable(api, created.matchId, seats, organizer);
  }

  /** Started and begun by the first player, Xxcha's prediction sealed first. */
  static async begun(api: Api, organizer: Session, spec: RexMatchSpec): Promise<RexTable> {
    const table = await RexTable.started(api, organizer, spec);
    if (spec.factions.includes('xxcha'))
      await table.seal('xxcha', 'predict', { seat: spec.factions[0], round: 8 });
    const first = (spec.setup?.firstPlayer as string | undefined) ?? spec.factions[0];
    await table.decide(first, 'begin');
    return table;
  }

  post(seat: string, kind: string, params: Json = {}) {
    return this.api.client.POST('/api/v1/matches/{id}/decisions', {
      headers: this.seats[seat].headers,
      params: { path: { id: this.id } },
      body: anyDecision({ kind, params }),
    });
  }

  /** A decision that must be recorded; its events. */
  async decide(seat: string, kind: string, params: Json = {}): Promise<RecordedJson[]> {
    return ok(await this.post(seat, kind, params), 201).events as RecordedJson[];
  }

  when(seat: string, kind: string, params: Json = {}) {
    return {
      /** Recorded, its events of these types in this order (others may lie between). */
      then: async (types: string[]): Promise<RecordedJson[]> => {
        const events = await this.decide(seat, kind, params);
        const recorded = events.map((e) => e.type);
        expect(recorded.filter((type) => types.includes(type))).toEqual(types);
        return events;
      },
      /**
       * Refused with 422 problem+json naming the rule (a string is the exact reference, or a
       * matcher such as `expect.stringContaining`); the stream did not move.
       */
      thenRefuses: async (code: string, ruleRef: unknown): Promise<Problem> => {
        const before = await this.seq();
        const result = await this.post(seat, kind, params);
        expect(result.response.status).toBe(422);
        expect(result.response.headers.get('content-type')).toMatch(
          /^application\/problem\+json\b/,
        );
        const problem = result.error as Problem;
        expect(problem.rule).toMatchObject({ code, ref: ruleRef });
        expect(await this.seq()).toBe(before);
        return problem;
      },
    };
  }

  /** The head seq of the match (the last recorded event). */
  async seq(): Promise<number> {
    return ok(
      await this.api.client.GET('/api/v1/matches/{id}', {
        headers: this.organizer.headers,
        params: { path: { id: this.id } },
      }),
      200,
    ).seq;
  }

  async state(seat: string): Promise<RexTableState> {
    return ok(
      await this.api.client.GET('/api/v1/matches/{id}/state', {
        headers: this.seats[seat].headers,
        params: { path: { id: this.id } },
      }),
      200,
    ) as unknown as RexTableState;
  }

  /** Seals `params` of `kind` for `seat` with its salt (see `saltFor`); the seal id. */
  async seal(seat: string, kind: string, params: Json): Promise<string> {
    return ok(
      await this.api.client.POST('/api/v1/matches/{id}/decisions/sealed', {
        headers: this.seats[seat].headers,
        params: { path: { id: this.id } },
        body: { kind, commitment: commitmentOf(saltFor(seat, kind), params) },
      }),
      201,
    ).sealId;
  }

  async reveal(seat: string, kind: string, sealId: string, params: Json): Promise<RecordedJson[]> {
    return ok(
      await this.api.client.POST('/api/v1/matches/{id}/decisions/sealed/{sealId}/reveal', {
        headers: this.seats[seat].headers,
        params: { path: { id: this.id, sealId } },
        body: { params, salt: saltFor(seat, kind) },
      }),
      201,
    ).events as RecordedJson[];
  }

  /** Every seat seals its params, then every seat reveals, in the order given; all revealed events. */
  async sealAll(kind: string, choices: Record<string, Json>): Promise<RecordedJson[]> {
    const seals: [string, string, Json][] = [];
    for (const [seat, params] of Object.entries(choices))
      seals.push([seat, await this.seal(seat, kind, params), params]);
    const events: RecordedJson[] = [];
    for (const [seat, sealId, params] of seals)
      events.push(...(await this.reveal(seat, kind, sealId, params)));
    return events;
  }

  /** Plays the default action of each phase (as rex.testkit's `step`) until `phase` is reached. */
  async advanceTo(phase: string): Promise<void> {
    const defaults: Record<string, [string, Json]> = {
      influence: ['reveal-influence', {}],
      ceasefire: ['end-ceasefire', {}],
      bidding: ['pass-bid', {}],
      recruitment: ['recruit', { troops: 0 }],
      maneuvers: ['end-turn', {}],
      bombardment: ['draw-bombardment', {}],
    };
    for (let i = 0; i < 100; i += 1) {
      const { turn } = (await this.state(this.anySeat())).table;
      if (turn.phase === phase) return;
      const [kind, params] = defaults[turn.phase ?? ''] ?? [];
      if (!kind) throw new Error(`no default action in phase ${turn.phase}`);
      await this.decide(turn.active[0], kind, params);
    }
    throw new Error(`phase ${phase} not reached`);
  }

  /** The ids of `seat`'s cards in hand with this effect, as the seat sees them. */
  async cardsOf(seat: string, effect: string): Promise<string[]> {
    const { table } = await this.state(seat);
    return Object.values(table.pieces)
      .filter((p) => p.zone === `hand:${seat}` && p.attrs.effect === effect)
      .map((p) => p.id);
  }

  async cardOf(seat: string, effect: string): Promise<string> {
    const [card] = await this.cardsOf(seat, effect);
    if (!card) throw new Error(`${seat} holds no ${effect}`);
    return card;
  }

  private anySeat(): string {
    return Object.keys(this.seats)[0];
  }
}

/** Troops of `owner` in `zone` in a state read. */
export const troopsIn = (s: RexTableState, zone: string, owner?: string): RexPiece[] =>
  Object.values(s.table.pieces).filter(
    (p) =>
      p.zone === zone && (owner === undefined || p.owner === owner) && p.type.endsWith('troop'),
  );
