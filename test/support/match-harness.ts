import { createHash } from 'node:crypto';
import { commitmentOf } from '../../src/domain/dice';
import type { Actor, NewEvent, RecordedEvent } from '../../src/domain/events/recorded-event';
import { applyMatchEvent, cloneMatchState } from '../../src/domain/match/evolve-match';
import {
  decideClaimSeat,
  decideCreateMatch,
  decideDecision,
  decideRoll,
  decideStartMatch,
  type CreateMatchCommand,
  type Decided,
} from '../../src/domain/match/match-decider';
import { initialMatchState, type MatchState } from '../../src/domain/match/match-state';
import { carriesSecret, recordEvents } from '../../src/domain/match/record-events';
import { isRejection, type Rejection } from '../../src/domain/rulesets/rule-violation';
import type { CitedMatch, Ruleset, SeatSpec } from '../../src/domain/rulesets/ruleset';

export const TEST_SEED = Uint8Array.from({ length: 32 }, (_, i) => i);

/**
 * Given events / when decision / then events, with no server: decides through the real
 * match decider, records through the real envelope, folds through the real evolve.
 */
export class MatchHarness<RS = unknown> {
  readonly events: RecordedEvent[] = [];
  readonly state: MatchState<RS>;
  /** The server time recorded with the next events (move it to test what depends on time). */
  recordedAt = '2026-11-22T10:00:00.000Z';
  /** The other matches the next decisions may cite (what the service reads before deciding). */
  cited: CitedMatch[] = [];
  private serial = 0;

  constructor(
    readonly ruleset: Ruleset<RS>,
    readonly matchId = 'match-under-test',
    readonly seed: Uint8Array = TEST_SEED,
  ) {
    this.state = initialMatchState(matchId, ruleset.initialState());
  }

  create(command: Partial<CreateMatchCommand> & { seats: SeatSpec[] }): this {
    const decided = decideCreateMatch({
      matchId: this.matchId,
      ruleset: this.ruleset as Ruleset,
      organizer: 'org-1',
      commitment: commitmentOf(this.seed),
      ...command,
    });
    this.expectOk(decided, 'create');
    this.record(decided as NewEvent[], { kind: 'organizer', id: 'org-1' });
    return this;
  }

  /** Creates, claims every seat (with the given entropies and players' names) and starts. */
  started(
    seats: SeatSpec[],
    extra: Partial<CreateMatchCommand> = {},
    entropies: Record<string, string> = {},
    names: Record<string, string> = {},
  ): this {
    this.create({ seats, ...extra });
    for (const { seat } of seats) {
      const claimed = decideClaimSeat(this.state as MatchState, {
        seat,
        name: names[seat] ?? `Player ${seat}`,
        entropy: entropies[seat],
      });
      this.expectOk(claimed, `claim ${seat}`);
      this.record(claimed as NewEvent[], { kind: 'seat', id: seat, seat });
    }
    const started = decideStartMatch(this.state as MatchState);
    this.expectOk(started, 'start');
    this.record(started as NewEvent[], { kind: 'organizer', id: 'org-1' });
    return this;
  }

  /** Decides; on success records the events and returns them, else returns the rejection. */
  decide(
    seat: string,
    kind: string,
    params: unknown = {},
    by: 'seat' | 'judge' = 'seat',
  ): RecordedEvent[] | Rejection {
    const decisionId = `d${++this.serial}`;
    const judge = by === 'judge';
    const decided = decideDecision(
      this.ruleset,
      this.state,
      { decisionId, kind, seat, params, ...(judge ? { judgeRecorded: true } : {}) },
      this.seed,
      this.cited,
    );
    if (isRejection(decided)) return decided;
    const actor: Actor = judge
      ? { kind: 'judge', id: 'judge-1', seat }
      : { kind: 'seat', id: seat, seat };
    return this.record(decided, actor, decisionId);
  }

  /** A Game Master's decision: recorded by a judge of the match on the seat's behalf. */
  judge(seat: string, kind: string, params: unknown = {}): RecordedEvent[] {
    const result = this.decide(seat, kind, params, 'judge');
    if (isRejection(result)) throw new Error(`${kind} by the judge was refused: ${result.message}`);
    return result;
  }

  /** The decision under test, recorded by a judge; checked with `then` or `thenRejects`. */
  whenJudge(seat: string, kind: string, params: unknown = {}): DecisionOutcome {
    return new DecisionOutcome(this.decide(seat, kind, params, 'judge'), `${kind} by the judge`);
  }

  /** Like decide, but fails the test on a rejection. */
  play(seat: string, kind: string, params: unknown = {}): RecordedEvent[] {
    const result = this.decide(seat, kind, params);
    if (isRejection(result)) throw new Error(`${kind} by ${seat} was refused: ${result.message}`);
    return result;
  }

  roll(
    seat: string,
    purpose: string,
    dice: string,
    reportedFaces?: number[],
  ): RecordedEvent[] | Rejection {
    const decided = decideRoll(
      this.state as MatchState,
      { seat, purpose, dice, reportedFaces },
      this.seed,
    );
    if (isRejection(decided)) return decided;
    return this.record(decided, { kind: 'seat', id: seat, seat });
  }

  record(events: NewEvent[], actor: Actor, decisionId?: string): RecordedEvent[] {
    const recorded = recordEvents(this.state, events, {
      actor,
      recordedAt: this.recordedAt,
      decisionId,
      eventIds: events.map(
        () => `00000000-0000-4000-8000-${String(++this.serial).padStart(12, '0')}`,
      ),
      // Deterministic salts keep the harness reproducible; the service draws them from its Rng.
      secretSalts: events
        .filter(carriesSecret)
        .map(() => createHash('sha256').update(`salt-${++this.serial}`).digest('hex').slice(0, 32)),
      ruleset: { id: this.ruleset.id, version: this.ruleset.version },
    });
    for (const event of recorded) {
      // Strict: a ruleset's fold that throws fails its tests (the service would skip the event).
      applyMatchEvent(this.ruleset, this.state, event);
      this.events.push(event);
    }
    return recorded;
  }

  /** This match as another match's decision would cite it now (as the service reads it). */
  asCited(points: Record<string, number> = {}): CitedMatch {
    const { state } = this;
    return {
      matchId: this.matchId,
      ruleset: this.ruleset.id,
      status: state.status === 'none' ? 'created' : state.status,
      headSeq: state.lastSeq,
      headHash: state.headHash,
      winners: state.status === 'finished' ? [...(state.result?.winners ?? [])] : [],
      points,
      seats: state.seats.map((s) => ({
        seat: s.seat,
        ...(s.player ? { player: s.player.name } : {}),
        ...(s.faction ? { faction: s.faction } : {}),
      })),
    };
  }

  // ---- Given / when / then (the shape of Emmett's DeciderSpecification) -----------------

  /** The history before the decision: events recorded as the system, or steps on this harness. */
  given(history: NewEvent[] | ((harness: this) => unknown)): this {
    if (typeof history === 'function') history(this);
    else this.record(history, { kind: 'system', id: 'system' });
    return this;
  }

  /** The decision under test; its outcome is checked with `then` or `thenRejects`. */
  when(seat: string, kind: string, params: unknown = {}): DecisionOutcome {
    return new DecisionOutcome(this.decide(seat, kind, params), `${kind} by ${seat}`);
  }

  private expectOk(decided: Decided, what: string): void {
    if (isRejection(decided)) throw new Error(`${what} was refused: ${decided.message}`);
  }
}

/** An event as a test expects it: its type, and as much of its data as matters. */
export interface ExpectedEvent {
  type: string;
  data?: unknown;
}

/** What a decision recorded, or why it was refused. */
export class DecisionOutcome {
  constructor(
    readonly result: RecordedEvent[] | Rejection,
    private readonly what: string,
  ) {}

  /**
   * The decision was accepted and recorded exactly these events, in this order, after its
   * DecisionMade (each expected `data` is matched as a subset). Returns the recorded events.
   */
  then(expected: ExpectedEvent[]): RecordedEvent[] {
    if (isRejection(this.result))
      throw new Error(`${this.what} was refused: ${this.result.message}`);
    const [decision, ...events] = this.result;
    expect(decision?.type).toBe('DecisionMade');
    expect(events.map((e) => ({ type: e.type, data: e.data }))).toMatchObject(
      expected.map((e) => ({ type: e.type, ...(e.data === undefined ? {} : { data: e.data }) })),
    );
    return this.result;
  }

  /** The decision was refused by the rule `code`, citing `ruleRef` (a quote it contains or a pattern). */
  thenRejects(code: string, ruleRef?: string | RegExp): Rejection {
    if (!isRejection(this.result))
      throw new Error(
        `${this.what} was accepted (${this.result.map((e) => e.type).join(', ')}), expected ${code}`,
      );
    expect(this.result).toMatchObject({ code });
    if (ruleRef !== undefined) {
      const cited = (this.result as { ruleRef?: string }).ruleRef ?? '';
      if (typeof ruleRef === 'string') expect(cited).toContain(ruleRef);
      else expect(cited).toMatch(ruleRef);
    }
    return this.result;
  }
}

/** A harness that keeps every state its match passes through while started. */
export class StatesHarness<RS = unknown> extends MatchHarness<RS> {
  readonly states: MatchState<RS>[] = [];

  override record(events: NewEvent[], actor: Actor, decisionId?: string): RecordedEvent[] {
    const recorded = super.record(events, actor, decisionId);
    if (this.state.status === 'started') this.states.push(cloneMatchState(this.state));
    return recorded;
  }
}
