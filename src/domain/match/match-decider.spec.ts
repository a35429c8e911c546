import { MatchHarness } from '@test/support/match-harness';
import { commitmentOf, rollDice, verifyRolls } from '../dice';
import { verifyChain } from '../events/hash-chain';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { galaxyLeagueRuleset } from '../rulesets/galaxy-league/galaxy-league.ruleset';
import type { RecordedEvent } from '../events/recorded-event';
import {
  decideClaimSeat,
  decideCreateMatch,
  decideDecision,
  decideStartMatch,
} from './match-decider';
import { clientDecisionOf, MAX_SPECTATOR_DELAY } from './match-state';
import { foldMatch } from './evolve-match';
import type { DiceRolledData } from './match-events';

const seats = [{ seat: 'red', faction: 'Империя' }, { seat: 'blue' }];

describe('match decider', () => {
  it('creates a match with defaults, options and the setup events', () => {
    const game = new MatchHarness(freeformRuleset).create({ seats, title: 'Клубный турнир' });
    expect(game.events.map((e) => e.type)).toEqual(['MatchCreated', 'ZonesCreated']);
    expect(game.events[0].data).toMatchObject({
      ruleset: { id: 'freeform', version: '1.0.0' },
      seats,
      commitment: commitmentOf(game.seed),
      public: false,
      spectatorDelay: 3,
    });
    expect(game.state.status).toBe('created');
    expect(Object.keys(game.state.table.zones)).toEqual(['hand:red', 'hand:blue']);
  });

  it('refuses bad seat lists and unknown options', () => {
    const base = { matchId: 'm', ruleset: freeformRuleset, organizer: 'o', commitment: 'c' };
    expect(decideCreateMatch({ ...base, seats: [] })).toMatchObject({
      kind: 'rule_violation',
      code: 'seat_count',
    });
    expect(decideCreateMatch({ ...base, seats: [{ seat: 'a' }, { seat: 'a' }] })).toMatchObject({
      kind: 'invalid_params',
    });
    expect(decideCreateMatch({ ...base, seats: [{ seat: 'a b' }] })).toMatchObject({
      kind: 'invalid_params',
    });
    expect(decideCreateMatch({ ...base, seats, options: { fog: true } })).toMatchObject({
      kind: 'invalid_params',
      errors: [{ path: 'options.fog' }],
    });
    expect(decideCreateMatch({ ...base, seats, setup: { zones: [{ id: 'x' }] } })).toMatchObject({
      kind: 'invalid_params',
    });
  });

  it('claims seats once, then starts with the entropy string fixed in seat order', () => {
    const game = new MatchHarness(freeformRuleset).started(
      seats,
      {},
      { blue: 'bob', red: 'alice' },
    );
    expect(game.events.find((e) => e.type === 'MatchStarted')?.data).toEqual({
      entropy: 'alice,bob',
    });
    expect(decideClaimSeat(game.state, { seat: 'red', name: 'again' })).toMatchObject({
      kind: 'wrong_match_state',
    });
    expect(decideStartMatch(game.state)).toMatchObject({ kind: 'wrong_match_state' });
  });

  it('will not start with an unclaimed seat', () => {
    const game = new MatchHarness(freeformRuleset).create({ seats });
    game.record(decideClaimSeat(game.state, { seat: 'red', name: 'Аня' }) as never, {
      kind: 'seat',
      id: 'red',
      seat: 'red',
    });
    expect(decideStartMatch(game.state)).toMatchObject({
      code: 'seats_unclaimed',
      message: expect.stringContaining('blue'),
    });
  });

  it('starts without the seats its ruleset lets a player take later, claimed in play', () => {
    const league = [
      { seat: 'anna', faction: 'empire' },
      { seat: 'boris', faction: 'mechanics' },
      { seat: 'dmitri', faction: 'pirates' },
    ];
    const game = new MatchHarness(galaxyLeagueRuleset).create({
      seats: league,
      setup: { entrants: ['dmitri'] },
    });
    expect(game.events[0].data).toMatchObject({ lateSeats: ['dmitri'] });
    for (const seat of ['anna', 'boris'])
      game.record(decideClaimSeat(game.state, { seat, name: seat }) as never, {
        kind: 'seat',
        id: seat,
        seat,
      });
    const started = decideStartMatch(game.state);
    expect(started).toMatchObject([{ type: 'MatchStarted' }]);
    game.record(started as never, { kind: 'organizer', id: 'o' });
    // Dmitri's player comes later: his seat is claimed in play, without entropy (fixed at start).
    expect(
      decideClaimSeat(game.state, { seat: 'dmitri', name: 'Дмитрий', entropy: 'x' }),
    ).toMatchObject({
      kind: 'invalid_params',
    });
    expect(decideClaimSeat(game.state, { seat: 'dmitri', name: 'Дмитрий' })).toMatchObject([
      { type: 'SeatClaimed', data: { seat: 'dmitri', player: { name: 'Дмитрий' } } },
    ]);
    // Every other seat is claimed before the start only.
    const freeform = new MatchHarness(freeformRuleset).started(seats);
    expect(freeform.events[0].data).not.toHaveProperty('lateSeats');
    expect(decideClaimSeat(freeform.state, { seat: 'red', name: 'again' })).toMatchObject({
      kind: 'wrong_match_state',
    });
  });

  it('refuses decisions before the start, unknown kinds and params that fail their DTO', () => {
    const created = new MatchHarness(freeformRuleset).create({ seats });
    expect(created.decide('red', 'pass')).toMatchObject({ kind: 'wrong_match_state' });
    const game = new MatchHarness(freeformRuleset).started(seats);
    expect(game.decide('red', 'teleport')).toMatchObject({
      kind: 'invalid_params',
      message: expect.stringContaining('teleport'),
    });
    expect(game.decide('red', 'move', { to: 5, extra: 1 })).toMatchObject({
      kind: 'invalid_params',
      errors: expect.arrayContaining([
        expect.objectContaining({ path: 'extra' }),
        expect.objectContaining({ path: 'to' }),
      ]),
    });
    expect(game.decide('green', 'pass')).toMatchObject({
      kind: 'rule_violation',
      code: 'unknown_seat',
    });
  });

  it('lets a judge record directly only the kinds a judge is given, any kind as a remedy', () => {
    const game = new MatchHarness(freeformRuleset).started(seats);
    const byJudge = (byJudgeDirectly: boolean) =>
      decideDecision(
        freeformRuleset,
        game.state,
        { decisionId: 'j1', kind: 'pass', seat: 'red', params: {}, judgeRecorded: true },
        game.seed,
        [],
        { byJudgeDirectly },
      );
    expect(byJudge(true)).toMatchObject({
      kind: 'rule_violation',
      code: 'seat_decision',
      localized: { ru: expect.stringContaining('решает игрок') },
    });
    // A ruling's corrective remedy records the same decision.
    expect(byJudge(false)).not.toHaveProperty('kind');
  });

  it('enforces the active seats a phase names', () => {
    const game = new MatchHarness(freeformRuleset).started(seats);
    game.play('red', 'start-phase', { phase: 'movement', active: ['red'] });
    expect(game.decide('blue', 'pass')).toMatchObject({
      code: 'not_your_turn',
      message: expect.stringContaining('movement'),
    });
    game.play('red', 'pass');
    expect(game.state.table.turn.active).toEqual(['blue']);
    expect(game.decide('blue', 'pass')).not.toHaveProperty('kind');
  });

  it('rolls server dice from the provable stream, counting per purpose', () => {
    const game = new MatchHarness(freeformRuleset).started(seats, {}, { red: 'r' });
    game.play('red', 'roll', { dice: '2d6', purpose: 'combat' });
    game.play('red', 'roll', { dice: '1d20', purpose: 'initiative' });
    game.play('blue', 'roll', { dice: '3d6', purpose: 'combat' });
    const rolls = game.events
      .filter((e) => e.type === 'DiceRolled')
      .map((e) => e.data as DiceRolledData);
    expect(rolls.map((r) => [r.seat, r.purpose, r.k, r.spec])).toEqual([
      ['red', 'combat', 0, '2d6'],
      ['red', 'initiative', 0, '1d20'],
      ['blue', 'combat', 1, '3d6'],
    ]);
    const expected = rollDice({
      seed: game.seed,
      matchId: game.matchId,
      purpose: 'combat',
      k: 1,
      entropy: 'r',
      sides: [6, 6, 6],
    });
    expect(rolls[2].faces).toEqual(expected);
    const checked = verifyRolls(
      game.seed,
      game.matchId,
      'r',
      rolls.map((r) => ({ purpose: r.purpose, k: r.k ?? 0, sides: r.sides, faces: r.faces })),
    );
    expect(checked).toEqual({ ok: true, checked: 3 });
  });

  it('takes a roll purpose in any alphabet, spaces between words, and refuses the separator |', () => {
    const game = new MatchHarness(freeformRuleset).started(seats, {}, { red: 'r' });
    game.play('red', 'roll', { dice: '1d6', purpose: 'атака ладьёй' });
    const rolled = game.events.filter((e) => e.type === 'DiceRolled').at(-1)!;
    expect((rolled.data as DiceRolledData).purpose).toBe('атака ладьёй');
    for (const purpose of ['атака|ладьёй', ' атака', 'атака ', 'x'.repeat(65)]) {
      const refused = game.decide('red', 'roll', { dice: '1d6', purpose });
      expect(refused).toMatchObject({
        kind: 'invalid_params',
        errors: [
          expect.objectContaining({
            path: 'purpose',
            localized: [
              expect.objectContaining({
                ru: expect.stringContaining('букв, цифр, пробелов между ними'),
              }),
            ],
          }),
        ],
      });
    }
  });

  it('records reported dice with the reporter and refuses impossible faces', () => {
    const game = new MatchHarness(freeformRuleset).started(seats);
    const [made, rolled] = game.play('blue', 'roll', { dice: '2d6', faces: [6, 1] });
    expect(made.type).toBe('DecisionMade');
    expect(rolled.data).toEqual({
      seat: 'blue',
      purpose: 'roll',
      spec: '2d6',
      sides: [6, 6],
      faces: [6, 1],
      source: 'reported',
      reporter: 'blue',
    });
    expect(game.decide('blue', 'roll', { dice: '2d6', faces: [7, 1] })).toMatchObject({
      code: 'reported_face_out_of_range',
    });
    expect(game.decide('blue', 'roll', { dice: '2d6', faces: [1] })).toMatchObject({
      code: 'reported_dice_count',
    });
    expect(game.roll('blue', 'scatter', '0d6')).toMatchObject({ code: 'invalid_dice' });
    expect(game.state.rollCounters).toEqual({});
  });

  it('reveals the seed in the same append as the end of the match', () => {
    const game = new MatchHarness(freeformRuleset).started(seats);
    const events = game.play('blue', 'concede');
    expect(events.map((e) => e.type)).toEqual(['DecisionMade', 'MatchFinished', 'RngRevealed']);
    expect(events[1].data).toEqual({ winners: ['red'], condition: 'concession by blue' });
    expect(commitmentOf(Buffer.from((events[2].data as { seed: string }).seed, 'hex'))).toBe(
      game.state.commitment,
    );
    expect(game.state.status).toBe('finished');
    expect(game.decide('red', 'pass')).toMatchObject({ kind: 'wrong_match_state' });
  });

  it('keeps an intact hash chain, and the fold of the log equals the live state', () => {
    const game = new MatchHarness(freeformRuleset).started(seats);
    game.play('red', 'roll', { dice: '1d6' });
    game.play('red', 'change-track', { track: 'vp:red', delta: 3 });
    expect(verifyChain(game.events)).toEqual({
      ok: true,
      count: game.events.length,
      headHash: game.state.headHash,
    });
    const refolded = foldMatch(freeformRuleset, game.matchId, game.events as RecordedEvent[]);
    expect(refolded).toEqual(game.state);
  });
});

describe('decision bookkeeping', () => {
  /** `count` decisions by `seat`, each with a client-chosen key `<prefix>-<i>`. */
  function keyed(game: MatchHarness, seat: string, prefix: string, count: number): void {
    for (let i = 0; i < count; i += 1) {
      const decisionId = `${prefix}-${i}`;
      const decided = decideDecision(
        freeformRuleset,
        game.state,
        {
          decisionId,
          kind: 'change-track',
          seat,
          params: { track: 'vp', delta: 1 },
          clientKey: true,
        },
        game.seed,
      );
      game.record(decided as never, { kind: 'seat', id: `token-${seat}`, seat }, decisionId);
    }
  }

  it('keeps the last decisions for the spectator delay, and every client key of the last 24 hours, scoped to its token', () => {
    const game = new MatchHarness(freeformRuleset).started(seats);
    keyed(game, 'red', 'key', 300);
    expect(game.state.decisionSeqs).toHaveLength(MAX_SPECTATOR_DELAY);
    expect(game.state.decisionSeqs.at(-1)).toBe(game.state.lastSeq - 1);
    // No count limit: 300 keys (more than the 256 kept before) are all still there.
    expect(game.state.clientDecisions).toHaveLength(300);
    expect(clientDecisionOf(game.state, 'token-red', 'key-0')).toMatchObject({ by: 'token-red' });
    expect(clientDecisionOf(game.state, 'token-red', 'key-299')).toEqual({
      id: 'key-299',
      by: 'token-red',
      first: game.state.lastSeq - 1,
      last: game.state.lastSeq,
      at: Date.parse(game.recordedAt),
    });
    // Another token's key of the same name is not red's.
    expect(clientDecisionOf(game.state, 'token-blue', 'key-0')).toBeUndefined();

    game.recordedAt = '2026-11-23T09:59:59.000Z'; // 23:59:59 later: still remembered
    keyed(game, 'blue', 'late', 1);
    expect(clientDecisionOf(game.state, 'token-red', 'key-0')).toBeDefined();
    game.recordedAt = '2026-11-23T10:00:00.001Z'; // just over 24 hours
    keyed(game, 'blue', 'later', 1);
    expect(clientDecisionOf(game.state, 'token-red', 'key-299')).toBeUndefined();
    expect(game.state.clientDecisions.map((d) => d.id)).toEqual(['late-0', 'later-0']);
    expect(foldMatch(freeformRuleset, game.matchId, game.events)).toEqual(game.state);
  });

  it('keeps client keys as long as the match was created to (idempotencyKeyHours)', () => {
    const game = new MatchHarness(freeformRuleset).started(seats, { idempotencyKeyHours: 48 });
    expect(game.events[0].data).toMatchObject({ idempotencyKeyHours: 48 });
    keyed(game, 'red', 'key', 1);
    game.recordedAt = '2026-11-24T09:00:00.000Z';
    keyed(game, 'red', 'next', 1);
    expect(clientDecisionOf(game.state, 'token-red', 'key-0')).toBeDefined();
    game.recordedAt = '2026-11-24T10:00:00.001Z';
    keyed(game, 'red', 'last', 1);
    expect(clientDecisionOf(game.state, 'token-red', 'key-0')).toBeUndefined();
  });

  it('refuses a spectator delay over the maximum', () => {
    expect(
      decideCreateMatch({
        matchId: 'm',
        ruleset: freeformRuleset,
        organizer: 'o',
        commitment: 'c',
        seats,
        spectatorDelay: 101,
      }),
    ).toMatchObject({
      kind: 'invalid_params',
      errors: [{ path: 'spectatorDelay' }],
    });
  });
});
