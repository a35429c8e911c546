import { MatchHarness } from '../../support/match-harness';
import { commandersPathRuleset } from '../../../src/domain/rulesets/commanders-path/commanders-path.ruleset';
import type { CpState } from '../../../src/domain/rulesets/commanders-path/cp-state';
import {
  pieceOf,
  SEATS,
  setupMatch,
  toMovement,
  type Driver,
} from '../../../src/domain/rulesets/commanders-path/testing/cp-kit';
import type { TestApp } from '../../support/test-app';
import { api } from './matches';
import { organizer, recordRex, session, type ReviewMatch } from './review-matches';

/**
 * The matches the boards are looked at on: a finished Rex match (its sealed battle, a ruling
 * on a dispute, then concessions) and a finished Commanders Path match that plays the rules'
 * example battle (Экзорцист and Магнум-К against Химера: missiles at long range, maser and
 * plasma at medium, the kill at short, critical damage after), with a ruling and a
 * concession. Both in a tournament of their own with its judge.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const BOARDS_TOURNAMENT = 'boards-cup-2026';

export interface BoardMatches {
  judge: string;
  /** Live until `cpEnded` (a seat sees only its own hand while it is). */
  cp: ReviewMatch;
  rex: ReviewMatch;
  /** Live: Химера's missiles at Экзорцист, two shot down by its lasers (`point-defence`). */
  cpPointDefence: ReviewMatch;
  /** Live: Глеб (Sol) calls the Traitor on Вера's (Letnev's) leader on the wheel (`call-traitor`). */
  rexTraitor: ReviewMatch;
  /** Blue concedes (once): the match ends, `cp.lastSeq` is its last seq. */
  cpEnded(): Promise<number>;
}

const CP_OPTIONS = { deckShuffle: 'none', diceSource: 'reported', manualAdjustments: 'free' };

/**
 * The example battle's decisions, worked out on the domain harness (the kit plays the setup
 * through the real decisions), then sent to the service one by one: the same options and
 * registrations give the same piece ids.
 */
function exampleBattleDecisions(variant: 'example' | 'point-defence' = 'example'): {
  seat: string;
  kind: string;
  params: unknown;
  step?: string;
}[] {
  const g = new MatchHarness<CpState>(commandersPathRuleset).started(SEATS, {
    options: CP_OPTIONS,
  });
  const log: { seat: string; kind: string; params: unknown; step?: string }[] = [];
  const driver: Driver = {
    get state() {
      return g.state;
    },
    get events() {
      return g.events;
    },
    play: (seat, kind, params = {}) => {
      log.push({ seat, kind, params });
      return g.play(seat, kind, params);
    },
    decide: (seat, kind, params = {}) => g.decide(seat, kind, params),
  };
  setupMatch(driver, {
    red: {
      deck: [
        ['test-eden', 1],
        ['exorcist', 1],
        ['magnum-k', 1],
      ],
      build: [['test-eden'], ['exorcist'], ['magnum-k']],
      deploy: {
        ships: [
          ['exorcist', 'new:fleet'],
          ['magnum-k', 'new:fleet'],
        ],
        commander: 'test-eden',
      },
    },
    blue: {
      deck: [
        ['test-mine', 1],
        ['chimera', 1],
      ],
      commander: 'test-irma',
      build: [['test-mine'], ['chimera']],
      deploy: { ships: [['chimera', 'new']], commander: 'test-mine' },
    },
  });
  const exorcist = pieceOf(driver, 'red', 'exorcist');
  const magnum = pieceOf(driver, 'red', 'magnum-k');
  const chimera = pieceOf(driver, 'blue', 'chimera');
  for (const seat of ['red', 'blue']) driver.play(seat, 'set-auto-pass', { on: true });
  toMovement(driver);
  log.at(-1)!.step = 'movement';
  const sector = g.state.table.pieces[chimera].zone;
  driver.play('red', 'manual-move', { pieces: [exorcist, magnum], to: sector });
  driver.play('red', 'end-movement');
  log.at(-1)!.step = 'battle-start';
  if (variant === 'point-defence') {
    // Химера's missiles at Экзорцист instead: four hit, and its lasers shoot two down (5+).
    driver.play('blue', 'attack', {
      ship: chimera,
      weapon: 'missiles',
      targets: [exorcist],
      hitFaces: [6, 6, 6, 6],
      defenceFaces: [5, 1, 6, 2],
    });
    log.at(-1)!.step = 'point-defence';
    return log;
  }
  driver.play('blue', 'attack', {
    ship: chimera,
    weapon: 'missiles',
    targets: [magnum],
    hitFaces: [2, 4, 4, 6],
  });
  log.at(-1)!.step = 'missiles';
  driver.play('red', 'attack', { ship: exorcist, weapon: 'maser', targets: [chimera] });
  driver.play('blue', 'attack', { ship: chimera, weapon: 'plasma', targets: [exorcist] });
  log.at(-1)!.step = 'battle';
  driver.play('red', 'attack', { ship: magnum, weapon: 'plasma', targets: [chimera] });
  driver.play('red', 'attack', { ship: magnum, weapon: 'plasma', targets: [chimera] });
  log.at(-1)!.step = 'battle-end';
  return log;
}

/** A public Commanders Path match of the tournament, its seats claimed by Анна and Борис, started. */
async function startCpMatch(app: TestApp, org: string, title: string) {
  const created = await api<Json>(app, 'POST', '/matches', org, {
    ruleset: 'commanders-path',
    title,
    options: CP_OPTIONS,
    seats: [{ seat: 'red' }, { seat: 'blue' }],
    tournamentId: BOARDS_TOURNAMENT,
    public: true,
    spectatorDelay: 0,
  });
  const seats: Record<string, string> = Object.fromEntries(
    (created.seatTokens as { seat: string; token: string }[]).map((s) => [s.seat, s.token]),
  );
  const matchId = created.matchId as string;
  const s = session(app, matchId, seats);
  await s.claimAll({ red: 'Анна', blue: 'Борис' });
  await s.post('/start', seats.red);
  return { matchId, seats, s };
}

/** The example's set-up, then Химера's missiles at Экзорцист, whose lasers shoot two down. */
async function recordCpPointDefence(app: TestApp, org: string): Promise<ReviewMatch> {
  const { matchId, seats, s } = await startCpMatch(app, org, 'Путь Командора, ПРО');
  for (const { seat, kind, params, step } of exampleBattleDecisions('point-defence'))
    await s.decide(step ?? kind, seat, kind, params as Json);
  return { matchId, seats, at: s.at, lastSeq: s.last() };
}

async function recordCpBattle(
  app: TestApp,
  org: string,
  judge: string,
): Promise<{ match: ReviewMatch; ended(): Promise<number> }> {
  const { matchId, seats, s } = await startCpMatch(app, org, 'Путь Командора, пример из правил');
  for (const { seat, kind, params, step } of exampleBattleDecisions())
    await s.decide(step ?? kind, seat, kind, params as Json);
  const dispute = await s.post('/disputes', seats.blue, {
    atSeq: s.at.battle,
    claim: 'Плазма Химеры должна была уничтожить Экзорцист',
    ruleRef: 'Пример сражения',
  });
  s.at.dispute = s.last();
  await s.post(`/disputes/${dispute.disputeId}/ruling`, judge, {
    decision: 'rejected',
    rationale: 'Щит крейсера — C3: плазма наносит 10 − 3 = 7, меньше прочности 8.',
    ruleRef: 'Плазма',
    remedy: { kind: 'none' },
  });
  s.at.ruling = s.last();
  const match: ReviewMatch = { matchId, seats, at: s.at, lastSeq: s.last() };
  let ending: Promise<number> | undefined;
  const ended = (): Promise<number> =>
    (ending ??= (async () => {
      await s.decide('concede', 'blue', 'concede');
      const summary = await api<Json>(app, 'GET', `/matches/${matchId}`);
      match.lastSeq = summary.seq as number;
      return match.lastSeq;
    })());
  return { match, ended };
}

export async function recordBoardMatches(app: TestApp): Promise<BoardMatches> {
  const org = await organizer(app);
  await api(app, 'POST', '/tournaments', org, {
    tournamentId: BOARDS_TOURNAMENT,
    name: 'Кубок досок 2026',
  });
  const judge = (
    await api<{ token: string }>(app, 'POST', '/judges', org, {
      name: 'Олег Арбитров',
      tournamentId: BOARDS_TOURNAMENT,
    })
  ).token;
  const cp = await recordCpBattle(app, org, judge);
  const cpPointDefence = await recordCpPointDefence(app, org);
  const rex = await recordRex(app, org, { judge, tournamentId: BOARDS_TOURNAMENT });
  const rexTraitor = await recordRex(app, org, { traitor: true, tournamentId: BOARDS_TOURNAMENT });
  return { judge, cp: cp.match, cpPointDefence, rex, rexTraitor, cpEnded: cp.ended };
}
