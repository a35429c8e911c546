import { randomUUID } from 'node:crypto';
import { EVENT_STORE, type EventStore } from '../../../src/application/ports/event-store.port';
import { SECRETS, type Secrets } from '../../../src/application/ports/secrets.port';
import { toStoredEvent } from '../../../src/application/matches/recorded-event.mapping';
import { matchStreamName } from '../../../src/domain/match/match-events';
import { freeformRuleset } from '../../../src/domain/rulesets/freeform/freeform.ruleset';
import { MatchHarness, TEST_SEED } from '../../support/match-harness';
import { TEST_ADMIN_TOKEN, type TestApp } from '../../support/test-app';

/** The matches the browser tests look at, recorded through the real API (or, for volume, the real decider). */

export async function api<T>(
  app: TestApp,
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${app.url}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * The inclusion proof of an ended match in the public transparency log, once the service has
 * signed a checkpoint that proves it (a few seconds after its last leaf arrives).
 */
export async function logProofOf(
  app: TestApp,
  matchId: string,
): Promise<{ index: number; treeSize: number; checkpoint: unknown }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(`${app.url}/api/v1/log/proof/inclusion?match=${matchId}`);
    const proof = answer.ok
      ? ((await answer.json()) as { index: number; treeSize: number; checkpoint?: unknown })
      : undefined;
    if (proof?.checkpoint !== undefined) return { ...proof, checkpoint: proof.checkpoint };
    if (Date.now() > deadline) throw new Error(`no checkpoint proves the ended match ${matchId}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export interface RecordedMatch {
  matchId: string;
  organizer: string;
  seats: Record<string, string>;
  judge: string;
  /** seq after each named step of the script. */
  at: Record<string, number>;
  lastSeq: number;
}

interface Created {
  matchId: string;
  seq: number;
  seatTokens: { seat: string; token: string }[];
}

let tournaments = 0;

async function organizer(app: TestApp, name: string): Promise<string> {
  return (await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, { name }))
    .token;
}

const ZONES = [
  { id: 'north', kind: 'sector', name: { en: 'North', ru: 'Север' }, adjacency: ['center'] },
  {
    id: 'center',
    kind: 'sector',
    name: { en: 'Center', ru: 'Центр' },
    adjacency: ['north', 'south'],
  },
  { id: 'south', kind: 'sector', name: { en: 'South', ru: 'Юг' }, adjacency: ['center'] },
  {
    id: 'reserve-red',
    kind: 'reserve',
    owner: 'red',
    name: { en: 'Red reserve', ru: 'Резерв красных' },
  },
  {
    id: 'reserve-blue',
    kind: 'reserve',
    owner: 'blue',
    name: { en: 'Blue reserve', ru: 'Резерв синих' },
  },
  {
    id: 'deck',
    kind: 'deck',
    name: { en: 'Action deck', ru: 'Колода действий' },
    visibility: 'nobody',
  },
  { id: 'discard', kind: 'discard', name: { en: 'Discard', ru: 'Сброс' } },
];

function pieces(): {
  id: string;
  type: string;
  owner?: string;
  zone: string;
  attrs?: Record<string, unknown>;
}[] {
  const list: {
    id: string;
    type: string;
    owner?: string;
    zone: string;
    attrs?: Record<string, unknown>;
  }[] = [];
  for (const owner of ['red', 'blue']) {
    const home = owner === 'red' ? 'north' : 'south';
    list.push({
      id: `${owner}-cruiser-1`,
      type: 'Cruiser',
      owner,
      zone: home,
      attrs: { cost: 5, hp: 3 },
    });
    list.push({
      id: `${owner}-cruiser-2`,
      type: 'Cruiser',
      owner,
      zone: home,
      attrs: { cost: 5, hp: 3 },
    });
    for (let i = 1; i <= 3; i += 1)
      list.push({
        id: `${owner}-fighter-${i}`,
        type: 'Fighter',
        owner,
        zone: home,
        attrs: { cost: 1 },
      });
    list.push({
      id: `${owner}-flagship`,
      type: 'Flagship',
      owner,
      zone: `reserve-${owner}`,
      attrs: { cost: 12 },
    });
  }
  for (let i = 1; i <= 8; i += 1) list.push({ id: `card-${i}`, type: `Order ${i}`, zone: 'deck' });
  return list;
}

/**
 * A live, public freeform match between red and blue: fleets, moves, status changes,
 * losses with costs, server dice, a shuffle, cards drawn into hidden hands, tracks.
 */
export async function recordFreeformMatch(
  app: TestApp,
  title = 'Кубок клуба, стол 1',
): Promise<RecordedMatch> {
  const org = await organizer(app, 'Club organizers');
  // Each call has its own organizer, so its own tournament (a tournament has one owner).
  const tournamentId = `club-cup-${++tournaments}`;
  await api(app, 'POST', '/tournaments', org, { tournamentId, name: 'Кубок клуба' });
  const created = await api<Created>(app, 'POST', '/matches', org, {
    ruleset: 'freeform',
    title,
    seats: [
      { seat: 'red', side: 'Empire' },
      { seat: 'blue', side: 'Rebels' },
    ],
    tournamentId,
    public: true,
    spectatorDelay: 0,
    setup: { zones: ZONES, pieces: pieces() },
  });
  const seats = Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token]));
  const { matchId } = created;
  const at: Record<string, number> = { setup: created.seq };
  let last = created.seq;
  const claim = async (seat: string, name: string): Promise<void> => {
    last = (
      await api<{ seq: number }>(
        app,
        'POST',
        `/matches/${matchId}/seats/${seat}/claim`,
        seats[seat],
        { name },
      )
    ).seq;
  };
  await claim('red', 'Алексей Смирнов');
  await claim('blue', 'Мария Иванова');
  last = (await api<{ seq: number }>(app, 'POST', `/matches/${matchId}/start`, org)).seq;
  at.started = last;
  const decide = async (
    step: string,
    seat: string,
    kind: string,
    params: unknown = {},
  ): Promise<void> => {
    last = (
      await api<{ seq: number }>(app, 'POST', `/matches/${matchId}/decisions`, seats[seat], {
        kind,
        params,
      })
    ).seq;
    at[step] = last;
  };
  await decide('shuffle', 'red', 'shuffle', { deck: 'deck' });
  await decide('round1', 'red', 'start-round', { round: 1, active: ['red'] });
  await decide('phase', 'red', 'start-phase', { phase: 'movement', active: ['red'] });
  await decide('redFleet', 'red', 'form-fleet', {
    pieces: ['red-cruiser-1', 'red-fighter-1', 'red-fighter-2'],
    fleet: 'alpha',
    name: 'Alpha',
  });
  await decide('redMoves', 'red', 'move', { fleet: 'alpha', to: 'center' });
  await decide('redDraw', 'red', 'draw', { deck: 'deck', count: 2 });
  await decide('redRoll', 'red', 'roll', { dice: '2d6', purpose: 'combat' });
  await decide('blueDamaged', 'red', 'change-piece', {
    piece: 'blue-cruiser-1',
    status: 'damaged',
    attrs: { hp: 1 },
  });
  await decide('blueLoss', 'red', 'destroy', {
    pieces: ['blue-fighter-1', 'blue-fighter-2'],
    cause: 'combat in Center',
  });
  await decide('vp', 'red', 'change-track', {
    track: 'vp-red',
    owner: 'red',
    delta: 2,
    name: { en: 'Victory points', ru: 'Победные очки' },
  });
  await decide('pass', 'red', 'pass');
  await decide('blueDraw', 'blue', 'draw', { deck: 'deck', count: 2 });
  await decide('blueTapped', 'blue', 'change-piece', { piece: 'blue-cruiser-2', status: 'tapped' });
  await decide('blueMoves', 'blue', 'move', {
    pieces: ['blue-cruiser-2', 'blue-fighter-3'],
    to: 'center',
  });
  await decide('blueRoll', 'blue', 'roll', { dice: '1d6+1d8', purpose: 'combat' });
  await decide('redLoss', 'blue', 'destroy', {
    pieces: ['red-cruiser-1', 'red-fighter-1'],
    cause: 'counterattack',
  });
  await decide('redBroken', 'blue', 'change-piece', { piece: 'red-fighter-2', status: 'broken' });
  const blueView = await api<{ table: { pieces: Record<string, { zone: string }> } }>(
    app,
    'GET',
    `/matches/${matchId}/state`,
    seats.blue,
  );
  const blueCard = Object.entries(blueView.table.pieces).find(
    ([, p]) => p.zone === 'hand:blue',
  )?.[0];
  if (!blueCard) throw new Error('blue drew no card');
  await decide('bluePlays', 'blue', 'play', { pieces: [blueCard], to: 'discard' });
  await decide('vpBlue', 'blue', 'change-track', {
    track: 'vp-blue',
    owner: 'blue',
    value: 1,
    name: { en: 'Victory points', ru: 'Победные очки' },
  });
  await decide('blueRestore', 'blue', 'restore', {
    pieces: ['blue-fighter-1'],
    to: 'reserve-blue',
  });
  await decide('round2', 'blue', 'start-round', { round: 2, active: ['red'] });
  const judge = (
    await api<{ token: string }>(app, 'POST', '/judges', TEST_ADMIN_TOKEN, {
      name: 'Анна Петрова',
      matchId,
    })
  ).token;
  return { matchId, organizer: org, seats, judge, at, lastSeq: last };
}

/** A live private match (its seats alone may read it). */
export async function recordPrivateMatch(
  app: TestApp,
): Promise<{ matchId: string; seats: Record<string, string> }> {
  const org = await organizer(app, 'Private table');
  const created = await api<Created>(app, 'POST', '/matches', org, {
    ruleset: 'freeform',
    title: 'Private game',
    seats: [{ seat: 'green' }, { seat: 'yellow' }],
    setup: { zones: [{ id: 'field', kind: 'area' }] },
  });
  return {
    matchId: created.matchId,
    seats: Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token])),
  };
}

/** A simple deterministic generator, so the long match is the same on every run. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A finished freeform match of at least `minEvents` events, decided by the real match
 * decider and recorded with the real envelope and hash chain, appended straight to the
 * app's event store (thousands of HTTP decisions would only slow the test down).
 */
export async function recordLongMatch(
  app: TestApp,
  minEvents: number,
): Promise<{ matchId: string; lastSeq: number }> {
  const matchId = randomUUID();
  const harness = new MatchHarness(freeformRuleset, matchId);
  const zones = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
  harness.started([{ seat: 'red' }, { seat: 'blue' }], {
    title: 'Marathon: 10,000 events',
    public: true,
    spectatorDelay: 0,
    setup: {
      zones: zones.map((id) => ({ id, kind: 'sector', name: { en: id, ru: id } })),
      pieces: ['red', 'blue'].flatMap((owner) =>
        Array.from({ length: 30 }, (_, i) => ({
          id: `${owner}-${i}`,
          type: i % 3 === 0 ? 'Cruiser' : 'Fighter',
          owner,
          zone: zones[i % zones.length],
          attrs: { cost: i % 3 === 0 ? 5 : 1 },
        })),
      ),
    },
  } as never);
  const random = lcg(20261122);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  let step = 0;
  while (harness.events.length < minEvents - 2) {
    step += 1;
    const seat = step % 2 === 0 ? 'red' : 'blue';
    const own = Object.values(harness.state.table.pieces).filter((p) => p.owner === seat);
    const alive = own.filter((p) => p.status !== 'destroyed');
    const dead = own.filter((p) => p.status === 'destroyed');
    const roll = random();
    if (roll < 0.45 && alive.length > 0)
      harness.play(seat, 'move', { pieces: [pick(alive).id], to: pick(zones) });
    else if (roll < 0.6) harness.play(seat, 'roll', { dice: '2d6', purpose: 'combat' });
    else if (roll < 0.72 && alive.length > 0)
      harness.play(seat, 'change-piece', {
        piece: pick(alive).id,
        status: pick(['active', 'tapped', 'damaged', 'broken']),
      });
    else if (roll < 0.82 && alive.length > 3)
      harness.play(seat, 'destroy', { pieces: [pick(alive).id], cause: 'combat' });
    else if (roll < 0.9 && dead.length > 0)
      harness.play(seat, 'restore', { pieces: [pick(dead).id], to: pick(zones) });
    else harness.play(seat, 'change-track', { track: `vp-${seat}`, owner: seat, delta: 1 });
  }
  harness.play('red', 'concede');
  const store = app.app.get<EventStore>(EVENT_STORE);
  // One append: the service must never see (and cache) the match half written.
  await store.append(matchStreamName(matchId), harness.events.map(toStoredEvent), 'no_stream');
  await app.app.get<Secrets>(SECRETS).putSeed(matchId, TEST_SEED);
  return { matchId, lastSeq: harness.events.length - 1 };
}

export interface JudgedMatch {
  matchId: string;
  seats: Record<string, string>;
  judge: string;
  at: Record<string, number>;
  lastSeq: number;
}

/**
 * A match with an undo, a dispute, a ruling that rewinds, and a note: the moments a judge
 * looks for on the timeline.
 */
export async function recordJudgedMatch(app: TestApp): Promise<JudgedMatch> {
  const org = await organizer(app, 'Judged table');
  const created = await api<Created>(app, 'POST', '/matches', org, {
    ruleset: 'freeform',
    title: 'Disputed game',
    seats: [{ seat: 'red' }, { seat: 'blue' }],
    public: true,
    spectatorDelay: 0,
    setup: {
      zones: [
        { id: 'north', kind: 'sector', name: { en: 'North', ru: 'Север' } },
        { id: 'south', kind: 'sector', name: { en: 'South', ru: 'Юг' } },
      ],
      pieces: [
        { id: 'r1', type: 'Tank', owner: 'red', zone: 'north' },
        { id: 'b1', type: 'Tank', owner: 'blue', zone: 'south' },
      ],
    },
  });
  const { matchId } = created;
  const seats = Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token]));
  const judge = (
    await api<{ token: string }>(app, 'POST', '/judges', TEST_ADMIN_TOKEN, {
      name: 'Судья',
      matchId,
    })
  ).token;
  const at: Record<string, number> = {};
  for (const seat of ['red', 'blue'])
    await api(app, 'POST', `/matches/${matchId}/seats/${seat}/claim`, seats[seat], { name: seat });
  at.started = (await api<{ seq: number }>(app, 'POST', `/matches/${matchId}/start`, org)).seq;
  const move = async (to: string): Promise<number> =>
    (
      await api<{ seq: number }>(app, 'POST', `/matches/${matchId}/decisions`, seats.red, {
        kind: 'move',
        params: { pieces: ['r1'], to },
      })
    ).seq;
  at.move1 = await move('south');
  const undo = await api<{ seq: number; requestId: string; events: { type: string }[] }>(
    app,
    'POST',
    `/matches/${matchId}/undo-requests`,
    seats.red,
    { toSeq: at.started, reason: 'misclick' },
  );
  at.undo = undo.seq;
  if (!undo.events.some((e) => e.type === 'TimelineRewound'))
    at.undo = (
      await api<{ seq: number }>(
        app,
        'POST',
        `/matches/${matchId}/undo-requests/${undo.requestId}/accept`,
        seats.blue,
        {},
      )
    ).seq;
  at.beforeMove2 = at.undo;
  at.move2 = await move('south');
  const dispute = await api<{ seq: number; disputeId: string }>(
    app,
    'POST',
    `/matches/${matchId}/disputes`,
    seats.blue,
    { atSeq: at.move2, claim: 'The border to South was closed', ruleRef: '§4.2' },
  );
  at.dispute = dispute.seq;
  at.ruling = (
    await api<{ seq: number }>(
      app,
      'POST',
      `/matches/${matchId}/disputes/${dispute.disputeId}/ruling`,
      judge,
      {
        decision: 'upheld',
        rationale: 'The move crossed a closed border',
        ruleRef: '§4.2',
        remedy: { kind: 'rewind', toSeq: at.beforeMove2 },
      },
    )
  ).seq;
  await api(app, 'POST', `/matches/${matchId}/annotations`, judge, {
    seq: at.move2,
    text: 'Minefield closes the border',
  });
  const summary = await api<{ seq: number }>(app, 'GET', `/matches/${matchId}`);
  return { matchId, seats, judge, at, lastSeq: summary.seq };
}
