import { illustrativeDeck } from '../../../src/domain/rulesets/combat-commander/cc-cards';
import { TEST_ADMIN_TOKEN, type TestApp } from '../../support/test-app';
import { api } from './matches';

/** The disputes the judge's pages are tested on, set up through the real API. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A club's tournament and its judge. */
export async function tournamentJudge(
  app: TestApp,
  club: string,
  tournament: { tournamentId: string; name: string },
  judgeName: string,
): Promise<{ org: string; judge: string }> {
  const org = (
    await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, { name: club })
  ).token;
  await api(app, 'POST', '/tournaments', org, tournament);
  const judge = (
    await api<{ token: string }>(app, 'POST', '/judges', org, {
      name: judgeName,
      tournamentId: tournament.tournamentId,
    })
  ).token;
  return { org, judge };
}

/** Claims each seat under its player's name and starts the match; the start's seq. */
async function claimAndStart(
  app: TestApp,
  org: string,
  created: Json,
  names: Record<string, string>,
): Promise<{ matchId: string; seats: Record<string, string>; started: number }> {
  const matchId = created.matchId as string;
  const seats: Record<string, string> = Object.fromEntries(
    (created.seatTokens as { seat: string; token: string }[]).map((s) => [s.seat, s.token]),
  );
  for (const [seat, name] of Object.entries(names))
    await api(app, 'POST', `/matches/${matchId}/seats/${seat}/claim`, seats[seat], { name });
  const started = (await api<{ seq: number }>(app, 'POST', `/matches/${matchId}/start`, org)).seq;
  return { matchId, seats, started };
}

export type CcSeat = 'axis' | 'allies';

export interface CcDispute {
  matchId: string;
  disputeId: string;
  org: string;
  judge: string;
  seats: Record<CcSeat, string>;
  /** The order decision's first event (its DecisionMade) and the disputed effect. */
  decided: number;
  disputed: number;
  /** The last event of the begin decision: the default rewind target. */
  beforeDecision: number;
}

/**
 * A Combat Commander match of a tournament: Ганс (Axis) begins, gives an order, ends his turn
 * (a draw), and Иван rolls for another purpose and for defence (Fate cards); Иван disputes the order.
 */
export async function recordCcDispute(
  app: TestApp,
  tournament = { tournamentId: 'cc-evidence', name: 'Кубок «Доказательства»' },
): Promise<CcDispute> {
  const { org, judge } = await tournamentJudge(
    app,
    'Клуб «Боевой командир»',
    tournament,
    'Судья Петрова',
  );
  const created = await api<Json>(app, 'POST', '/matches', org, {
    ruleset: 'combat-commander',
    tournamentId: tournament.tournamentId,
    title: 'Стол 4: огонь по C3',
    seats: [{ seat: 'axis' }, { seat: 'allies' }],
    setup: { decks: [{ nationality: 'germany', cards: illustrativeDeck('germany') }] },
  });
  const { matchId, seats } = await claimAndStart(app, org, created, {
    axis: 'Ганс',
    allies: 'Иван',
  });
  const decide = async (seat: CcSeat, kind: string, params: Json = {}) =>
    (
      await api<{ events: { seq: number; type: string }[] }>(
        app,
        'POST',
        `/matches/${matchId}/decisions`,
        seats[seat],
        { kind, params },
      )
    ).events;
  const begun = await decide('axis', 'begin');
  const state = await api<{ table: { pieces: Record<string, { zone: string }> } }>(
    app,
    'GET',
    `/matches/${matchId}/state`,
    seats.axis,
  );
  const card = Object.entries(state.table.pieces)
    .filter(([, p]) => p.zone === 'hand:axis')
    .map(([id]) => id)
    .sort()[0];
  const order = await decide('axis', 'order', { card, units: ['de-squad-1'] });
  await decide('axis', 'end-turn');
  await decide('allies', 'roll', { purpose: 'other' });
  await decide('allies', 'roll', { purpose: 'defence' });
  const disputed = order.at(-1)!.seq;
  const { disputeId } = await api<{ disputeId: string }>(
    app,
    'POST',
    `/matches/${matchId}/disputes`,
    seats.allies,
    { atSeq: disputed, claim: 'Приказ отдан отделению, которое уже действовало в этот ход' },
  );
  return {
    matchId,
    disputeId,
    org,
    judge,
    seats: seats as Record<CcSeat, string>,
    decided: order[0].seq,
    disputed,
    beforeDecision: begun.at(-1)!.seq,
  };
}

export interface FreeformDispute {
  matchId: string;
  disputeId: string;
  org: string;
  judge: string;
  seats: Record<'red' | 'blue', string>;
  /** seq after each step: started, move (the disputed event), answer (if any), dispute. */
  at: Record<string, number>;
}

/**
 * A live freeform match of a tournament: Анна's tank (Империя) crossed from the North to the
 * South, then (with `answer`) Борис's tank (Повстанцы) went north; Борис disputes Анна's move.
 */
export async function recordFreeformDispute(
  app: TestApp,
  o: {
    club: string;
    tournament: { tournamentId: string; name: string };
    judgeName: string;
    title: string;
    /** A public match, shown to spectators at once. */
    public?: boolean;
    answer?: boolean;
  },
): Promise<FreeformDispute> {
  const { org, judge } = await tournamentJudge(app, o.club, o.tournament, o.judgeName);
  const created = await api<Json>(app, 'POST', '/matches', org, {
    ruleset: 'freeform',
    title: o.title,
    tournamentId: o.tournament.tournamentId,
    seats: [
      { seat: 'red', side: 'Империя' },
      { seat: 'blue', side: 'Повстанцы' },
    ],
    ...(o.public ? { public: true, spectatorDelay: 0 } : {}),
    setup: {
      zones: [
        { id: 'north', kind: 'sector', name: { en: 'North', ru: 'Север' } },
        { id: 'south', kind: 'sector', name: { en: 'South', ru: 'Юг' } },
      ],
      pieces: [
        { id: 'r1', type: 'Танк', owner: 'red', zone: 'north' },
        { id: 'b1', type: 'Танк', owner: 'blue', zone: 'south' },
      ],
    },
  });
  const { matchId, seats, started } = await claimAndStart(app, org, created, {
    red: 'Анна',
    blue: 'Борис',
  });
  const move = async (seat: string, piece: string, to: string): Promise<number> =>
    (
      await api<{ seq: number }>(app, 'POST', `/matches/${matchId}/decisions`, seats[seat], {
        kind: 'move',
        params: { pieces: [piece], to },
      })
    ).seq;
  const at: Record<string, number> = { started };
  at.move = await move('red', 'r1', 'south');
  if (o.answer) at.answer = await move('blue', 'b1', 'north');
  const dispute = await api<{ seq: number; disputeId: string }>(
    app,
    'POST',
    `/matches/${matchId}/disputes`,
    seats.blue,
    { atSeq: at.move, claim: 'Граница с Югом была закрыта', ruleRef: '§4.2' },
  );
  at.dispute = dispute.seq;
  return {
    matchId,
    disputeId: dispute.disputeId,
    org,
    judge,
    seats: seats as Record<'red' | 'blue', string>,
    at,
  };
}
