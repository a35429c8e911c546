import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../src/domain/events/canonical-json';
import { TEST_ADMIN_TOKEN, type TestApp } from '../../support/test-app';
import { api } from './matches';

/**
 * The three matches of the page review (a judge and a Russian-speaking player looked at
 * every page of them), recorded over the API: a finished freeform match with a dispute, a
 * pause, a judge's comment, a rewinding ruling and notes; a finished Commanders Path match
 * with a battle phase, played with reported dice; a live public Rex match behind the
 * spectator delay, with a sealed battle and an open dispute. All three in one tournament.
 */

export const TOURNAMENT = 'kubok-zvezdy-2026';
export const TOURNAMENT_NAME = 'Кубок «Звезды» 2026';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface ReviewMatch {
  matchId: string;
  seats: Record<string, string>;
  /** seq after each named step. */
  at: Record<string, number>;
  lastSeq: number;
}

export interface ReviewMatches {
  judge: string;
  judgeName: string;
  freeform: ReviewMatch;
  cp: ReviewMatch;
  rex: ReviewMatch;
}

export async function organizer(app: TestApp): Promise<string> {
  return (
    await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, {
      name: 'Клуб «Звезда»',
    })
  ).token;
}

export function session(app: TestApp, matchId: string, seats: Record<string, string>) {
  const at: Record<string, number> = {};
  let last = 0;
  const post = async (path: string, token: string, body: unknown = {}): Promise<Json> => {
    const result = await api<Json>(app, 'POST', `/matches/${matchId}${path}`, token, body);
    if (typeof result.seq === 'number') last = result.seq;
    return result;
  };
  return {
    at,
    last: () => last,
    post,
    decide: async (step: string, seat: string, kind: string, params: Json = {}) => {
      const result = await post('/decisions', seats[seat], { kind, params });
      at[step] = last;
      return result;
    },
    claimAll: async (names: Record<string, string>) => {
      for (const [seat, name] of Object.entries(names))
        await post(`/seats/${seat}/claim`, seats[seat], { name });
    },
  };
}

async function recordFreeform(app: TestApp, org: string, judge: string): Promise<ReviewMatch> {
  const created = await api<Json>(app, 'POST', '/matches', org, {
    ruleset: 'freeform',
    title: 'Финал, стол 1',
    seats: [
      { seat: 'red', side: 'Империя' },
      { seat: 'blue', side: 'Повстанцы' },
    ],
    tournamentId: TOURNAMENT,
    public: true,
    spectatorDelay: 0,
    setup: {
      zones: [
        { id: 'north', kind: 'sector', name: { en: 'North', ru: 'Север' } },
        { id: 'south', kind: 'sector', name: { en: 'South', ru: 'Юг' } },
        { id: 'orders', kind: 'deck', name: { en: 'Order deck', ru: 'Колода приказов' } },
      ],
      pieces: [
        { id: 'r1', type: 'Танк', owner: 'red', zone: 'north' },
        { id: 'r2', type: 'Истребитель', owner: 'red', zone: 'north' },
        { id: 'b1', type: 'Танк', owner: 'blue', zone: 'south' },
        { id: 'b2', type: 'Истребитель', owner: 'blue', zone: 'south' },
        ...[1, 2, 3, 4].map((i) => ({ id: `o${i}`, type: `Приказ ${i}`, zone: 'orders' })),
      ],
    },
  });
  const seats: Record<string, string> = Object.fromEntries(
    (created.seatTokens as { seat: string; token: string }[]).map((s) => [s.seat, s.token]),
  );
  const matchId = created.matchId as string;
  const s = session(app, matchId, seats);
  await s.claimAll({ red: 'Анна', blue: 'Борис' });
  await s.post('/start', org);
  await s.decide('shuffle', 'red', 'shuffle', { deck: 'orders' });
  await s.decide('round', 'red', 'start-round', { round: 1, active: ['red'] });
  await s.decide('phase', 'red', 'start-phase', { phase: 'movement', active: ['red', 'blue'] });
  await s.decide('draw', 'red', 'draw', { deck: 'orders', count: 2 });
  await s.decide('destroy', 'red', 'destroy', { pieces: ['b2'], cause: 'combat' });
  await s.decide('restore', 'blue', 'restore', { pieces: ['b2'], to: 'south' });
  s.at.beforeMove = s.last();
  await s.decide('move', 'red', 'move', { pieces: ['r1'], to: 'south' });
  const dispute = await s.post('/disputes', seats.blue, {
    atSeq: s.at.move,
    claim: 'Граница с Югом была закрыта',
    ruleRef: '§4.2',
  });
  s.at.dispute = s.last();
  await s.post('/pause', judge, { reason: 'Разбор спора', disputeId: dispute.disputeId });
  s.at.pause = s.last();
  await s.post(`/disputes/${dispute.disputeId}/comments`, judge, { text: 'Смотрю правило 4.2' });
  s.at.comment = s.last();
  await s.post(`/disputes/${dispute.disputeId}/ruling`, judge, {
    decision: 'upheld',
    rationale: 'Танк возвращается на Север.',
    ruleRef: '§4.2',
    remedy: { kind: 'rewind', toSeq: s.at.beforeMove },
  });
  s.at.ruling = s.last();
  await s.post('/resume', judge);
  await api(app, 'POST', `/matches/${matchId}/annotations`, seats.blue, {
    seq: s.at.move,
    text: 'Ход через закрытую границу',
    tags: ['?!'],
  });
  await api(app, 'POST', `/matches/${matchId}/annotations`, judge, {
    seq: s.at.move,
    text: 'Минное поле закрывает границу',
    tags: ['rules-question'],
  });
  await s.decide('concede', 'blue', 'concede');
  const summary = await api<Json>(app, 'GET', `/matches/${matchId}`);
  return { matchId, seats, at: s.at, lastSeq: summary.seq as number };
}

/** A Commanders Path deck: the cards named first, then test fillers up to 40. */
function deck(first: { catalog: string; copies: number }[], commander: string): Json {
  const filler = [
    'test-ambush',
    'test-union',
    'test-armor',
    'test-spaceport',
    'test-regiment',
    'test-battery',
    'test-osa',
    'test-guard',
    'test-skat',
    'test-hammer',
  ];
  const cards = [...first];
  let total = first.reduce((sum, c) => sum + c.copies, 0);
  for (const catalog of filler) {
    if (total >= 40) break;
    const copies = Math.min(4, 40 - total);
    cards.push({ catalog, copies });
    total += copies;
  }
  return { commander: { catalog: commander }, cards };
}

async function recordCp(app: TestApp, org: string): Promise<ReviewMatch> {
  const created = await api<Json>(app, 'POST', '/matches', org, {
    ruleset: 'commanders-path',
    title: 'Путь Командора, стол 2',
    options: { deckShuffle: 'none', diceSource: 'reported' },
    seats: [{ seat: 'red' }, { seat: 'blue' }],
    tournamentId: TOURNAMENT,
  });
  const seats: Record<string, string> = Object.fromEntries(
    (created.seatTokens as { seat: string; token: string }[]).map((s) => [s.seat, s.token]),
  );
  const matchId = created.matchId as string;
  const s = session(app, matchId, seats);
  await s.claimAll({ red: 'Анна', blue: 'Борис' });
  await s.post('/start', seats.red);
  const binding: Record<string, Record<string, string>> = {};
  const cards: Record<string, [{ catalog: string; copies: number }[], string]> = {
    red: [
      [
        { catalog: 'test-eden', copies: 1 },
        { catalog: 'exorcist', copies: 1 },
      ],
      'test-rein',
    ],
    blue: [
      [
        { catalog: 'test-mine', copies: 1 },
        { catalog: 'chimera', copies: 1 },
      ],
      'test-irma',
    ],
  };
  for (const seat of ['red', 'blue']) {
    const registered = await s.decide(`deck-${seat}`, seat, 'register-deck', deck(...cards[seat]));
    const bound = (registered.events as Json[]).find((e) => e.type === 'DeckBound');
    binding[seat] = bound?.data.secret.cards as Record<string, string>;
  }
  const pieceOf = (seat: string, key: string): string =>
    Object.entries(binding[seat]).find(([, k]) => k === key)?.[0] as string;
  const hand = async (seat: string): Promise<string[]> => {
    const state = await api<Json>(app, 'GET', `/matches/${matchId}/state`, seats[seat]);
    return Object.values(state.table.pieces as Record<string, Json>)
      .filter((p) => p.zone === `hand:${seat}`)
      .map((p) => p.id as string);
  };
  for (const seat of ['red', 'blue']) await s.decide(`deal-${seat}`, seat, 'deal');
  s.at.dealt = s.last();
  await s.decide('spend-red', 'red', 'setup-spend', {
    builds: [
      { card: pieceOf('red', 'test-eden'), pay: 6 },
      { card: pieceOf('red', 'exorcist'), pay: 5 },
    ],
  });
  await s.decide('spend-blue', 'blue', 'setup-spend', {
    builds: [
      { card: pieceOf('blue', 'test-mine'), pay: 4 },
      { card: pieceOf('blue', 'chimera'), pay: 10 },
    ],
  });
  await s.decide('deploy-blue', 'blue', 'deploy', {
    ships: [{ card: pieceOf('blue', 'chimera'), to: 'new' }],
    commander: pieceOf('blue', 'test-mine'),
    keep: (await hand('blue')).slice(0, 7),
  });
  await s.decide('deploy-red', 'red', 'deploy', {
    ships: [{ card: pieceOf('red', 'exorcist'), to: 'new' }],
    commander: pieceOf('red', 'test-eden'),
    keep: (await hand('red')).slice(0, 7),
  });
  s.at.deployed = s.last();
  for (const seat of ['red', 'blue']) await s.decide(`resources-${seat}`, seat, 'end-resources');
  s.at.resources = s.last();
  await s.decide('production-blue', 'blue', 'end-production');
  await s.decide('production-red', 'red', 'end-production');
  await s.decide('move', 'red', 'move-ships', {
    ships: [pieceOf('red', 'exorcist')],
    to: `orbit:${pieceOf('blue', 'test-mine')}`,
  });
  await s.decide('battle', 'red', 'end-movement');
  const summary = await api<Json>(app, 'GET', `/matches/${matchId}`);
  return { matchId, seats, at: s.at, lastSeq: summary.seq as number };
}

/** A salt of 256 bits (64 hex digits), the same for a seat's seal and its reveal. */
const saltOf = (seat: string, kind: string): string =>
  createHash('sha256').update(`salt-${seat}-${kind}`).digest('hex');

const commit = (salt: string, params: Json): string =>
  createHash('sha256')
    .update(salt + canonicalJson(params))
    .digest('hex');

/** Every Rex leader of the three races, Letnev's first: the Traitor deck's order of `traitor`. */
const LEADERS_LETNEV_FIRST = ['letnev', 'sol', 'hacan'].flatMap((race) =>
  [1, 2, 3, 4, 5].map((n) => `leader:${race}:${n}`),
);

/**
 * The Rex match: a sealed battle, then a dispute; `finished` has it end as well (a judge's
 * ruling on the dispute, then Hacan and Sol concede and Letnev, the last race left, wins).
 * `traitor` has Sol hold a Traitor card of a Letnev leader, Letnev put that leader on the
 * wheel and Sol call the Traitor: the match stops at the battle's result.
 */
export async function recordRex(
  app: TestApp,
  org: string,
  variant?: { judge: string; tournamentId: string } | { traitor: true; tournamentId: string },
): Promise<ReviewMatch> {
  const finished = variant && 'judge' in variant ? variant : undefined;
  const traitor = variant && 'traitor' in variant;
  const created = await api<Json>(app, 'POST', '/matches', org, {
    ruleset: 'rex',
    title: finished ? 'Rex, финал' : traitor ? 'Rex, предательство' : 'Rex, стол 3',
    seats: [
      { seat: 'letnev', faction: 'letnev' },
      { seat: 'sol', faction: 'sol' },
      { seat: 'hacan', faction: 'hacan' },
    ],
    tournamentId: variant?.tournamentId ?? TOURNAMENT,
    public: true,
    spectatorDelay: variant ? 0 : 3,
    options: { deckOrder: 'as-listed' },
    setup: {
      fleetSector: 9,
      influenceDeck: [{ kind: 'standard', places: [{ location: 'archive-hall', amount: 4 }] }],
      bombardmentDeck: [2],
      ...(traitor ? { traitorDeck: LEADERS_LETNEV_FIRST } : {}),
      strategyDeck: [
        {
          name: { en: 'Biological Weapon', ru: 'Биологическое Оружие' },
          category: 'attack',
          weapon: 'biological',
          payout: true,
        },
        { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] },
        { name: { en: 'Energy Gun', ru: 'Энерго-ружье' }, category: 'attack', weapon: 'energy' },
        { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] },
      ],
      factions: [
        { faction: 'letnev', placements: [{ location: 'imperial-fleet-base', troops: 4 }] },
        { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 6 }] },
      ],
    },
  });
  const seats: Record<string, string> = Object.fromEntries(
    (created.seatTokens as { seat: string; token: string }[]).map((s) => [s.seat, s.token]),
  );
  const matchId = created.matchId as string;
  const s = session(app, matchId, seats);
  await s.claimAll({ letnev: 'Вера', sol: 'Глеб', hacan: 'Дина' });
  await s.post('/start', seats.letnev);
  await s.decide('begin', 'letnev', 'begin');
  await s.decide('influence', 'letnev', 'reveal-influence');
  await s.decide('deploy', 'letnev', 'deploy', { location: 'vel-terro', troops: 1 });
  for (const seat of ['letnev', 'sol', 'hacan']) await s.decide(`end-${seat}`, seat, 'end-turn');
  await s.decide('battle', 'letnev', 'start-battle', {
    location: 'imperial-fleet-base',
    opponent: 'sol',
  });
  const sealed = async (seat: string, kind: string, params: Json): Promise<string> =>
    (
      await s.post('/decisions/sealed', seats[seat], {
        kind,
        commitment: commit(saltOf(seat, kind), params),
      })
    ).sealId as string;
  const reveal = (seat: string, kind: string, sealId: string, params: Json) =>
    s.post(`/decisions/sealed/${sealId}/reveal`, seats[seat], {
      params,
      salt: saltOf(seat, kind),
    });
  // Sol's Traitor card of a Letnev leader (the deck deals Letnev's leaders first), when called.
  const betrayed = traitor ? await traitorOf(app, matchId, seats.sol, 'letnev') : undefined;
  const plans: Record<string, Json> = {
    letnev: { dial: 2, leader: betrayed?.leader ?? 'leader:letnev:4', slot: 'attack-defense' },
    sol: { dial: 4, leader: 'leader:sol:5', slot: 'attack' },
  };
  const cards: Record<string, Json> = {
    letnev: { attack: 'strategy:1', defense: 'strategy:2' },
    sol: { attack: 'strategy:3' },
  };
  for (const kind of ['battle-plan', 'battle-cards', 'call-traitor']) {
    const params = (seat: string): Json =>
      kind === 'battle-plan'
        ? plans[seat]
        : kind === 'battle-cards'
          ? cards[seat]
          : seat === 'sol' && betrayed
            ? { traitor: betrayed.card }
            : {};
    const ids = {
      letnev: await sealed('letnev', kind, params('letnev')),
      sol: await sealed('sol', kind, params('sol')),
    };
    await reveal('letnev', kind, ids.letnev, params('letnev'));
    await reveal('sol', kind, ids.sol, params('sol'));
    s.at[kind] = s.last();
  }
  if (traitor) return { matchId, seats, at: s.at, lastSeq: s.last() };
  await s.decide('keep', 'letnev', 'keep-cards', { discard: [] });
  await s.decide('bombardment', 'letnev', 'draw-bombardment');
  const dispute = await s.post('/disputes', seats.sol, {
    atSeq: s.at['call-traitor'],
    claim: 'Колесо Летнева вскрыто раньше времени',
    ruleRef: 'Бой, шаг 2',
  });
  s.at.dispute = s.last();
  if (finished) {
    await s.post(`/disputes/${dispute.disputeId}/ruling`, finished.judge, {
      decision: 'rejected',
      rationale: 'Колёса вскрыты одновременно, после запечатывания обоих.',
      ruleRef: 'Бой, шаг 2',
      remedy: { kind: 'none' },
    });
    s.at.ruling = s.last();
    await s.decide('concede-hacan', 'hacan', 'concede');
    await s.decide('concede-sol', 'sol', 'concede');
  }
  const summary = await api<Json>(app, 'GET', `/matches/${matchId}`, seats.letnev);
  return { matchId, seats, at: s.at, lastSeq: summary.seq as number };
}

/** A Traitor card in `seat`'s hand naming a leader of `race`, as that seat's state shows it. */
async function traitorOf(
  app: TestApp,
  matchId: string,
  token: string,
  race: string,
): Promise<{ card: string; leader: string }> {
  const state = await api<Json>(app, 'GET', `/matches/${matchId}/state`, token);
  const card = Object.values(state.table.pieces as Record<string, Json>).find(
    (p) =>
      typeof p.attrs?.leader === 'string' &&
      p.attrs.leader.startsWith(`leader:${race}:`) &&
      String(p.zone).startsWith('traitors:'),
  );
  if (!card) throw new Error(`No Traitor card of a ${race} leader in the hand`);
  return { card: card.id as string, leader: card.attrs.leader as string };
}

export async function recordReviewMatches(app: TestApp): Promise<ReviewMatches> {
  const org = await organizer(app);
  await api(app, 'POST', '/tournaments', org, { tournamentId: TOURNAMENT, name: TOURNAMENT_NAME });
  const judgeName = 'Ирина Судейская';
  const judge = (
    await api<{ token: string }>(app, 'POST', '/judges', org, {
      name: judgeName,
      tournamentId: TOURNAMENT,
    })
  ).token;
  const freeform = await recordFreeform(app, org, judge);
  const cp = await recordCp(app, org);
  const rex = await recordRex(app, org);
  return { judge, judgeName, freeform, cp, rex };
}
