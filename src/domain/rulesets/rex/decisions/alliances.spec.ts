import { MatchHarness } from '@test/support/match-harness';
import { foldMatch } from '../../../match/evolve-match';
import { lineStateOf } from '../../../match/rewind';
import { decideUndoRequest } from '../../../match/undo-decider';
import { RULES } from '../rex-rules-text';
import { rexRuleset } from '../rex.ruleset';
import { advanceTo, dataOf, seal, seatsOf } from '../rex.testkit';

const CEASEFIRE = { kind: 'ceasefire' };
const filler = { kind: 'standard', places: [{ location: 'vel-terro', amount: 2 }] };

function ceasefire(setup: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
  const seats = seatsOf('sol', 'lazax', 'hacan', 'xxcha');
  const g = new MatchHarness(rexRuleset).started(seats, {
    setup: {
      startRound: 2,
      fleetSector: 9,
      strategyDeck: [],
      influenceDeck: [CEASEFIRE, filler],
      ...setup,
    },
    options: { deckOrder: 'as-listed', ...options },
  });
  seal(g, 'xxcha', 'predict', { seat: 'sol', round: 8 });
  g.play('sol', 'begin');
  g.play('sol', 'reveal-influence');
  return g;
}

describe('alliances and Influence transfers', () => {
  it('example 5: Hacan leaves Xxcha; Sol and Lazax exchange cards, then both with Hacan: one alliance of three', () => {
    const g = ceasefire({ alliances: [['hacan', 'xxcha']] });
    const left = g.play('hacan', 'leave-alliance');
    expect(dataOf(left, 'AllianceLeft')[0]).toMatchObject({
      member: 'hacan',
      ruleRef: RULES.leaveAlliance,
    });
    expect(dataOf(left, 'AllianceDissolved')).toHaveLength(1);
    g.play('sol', 'offer-alliance', { to: 'lazax' });
    const formed = g.play('lazax', 'offer-alliance', { to: 'sol' });
    expect(dataOf(formed, 'AllianceFormed')[0]).toMatchObject({ members: ['sol', 'lazax'] });
    g.play('sol', 'offer-alliance', { to: 'hacan' });
    g.play('lazax', 'offer-alliance', { to: 'hacan' });
    g.play('hacan', 'offer-alliance', { to: 'sol' });
    expect(g.state.rs.alliances.find((a) => a.members.includes('hacan'))).toBeUndefined();
    const joined = g.play('hacan', 'offer-alliance', { to: 'lazax' });
    expect(dataOf(joined, 'AllianceJoined')[0]).toMatchObject({
      member: 'hacan',
      members: ['sol', 'lazax', 'hacan'],
    });
    expect(g.state.rs.alliances.map((a) => a.members)).toEqual([['sol', 'lazax', 'hacan']]);
    // A fourth member is refused, and so is a second alliance.
    expect(g.decide('xxcha', 'offer-alliance', { to: 'sol' })).toMatchObject({
      code: 'alliance_size',
      ruleRef: RULES.allianceSize,
    });
  });

  it('refuses alliances outside a Ceasefire and between players sharing a location (option)', () => {
    const g = ceasefire({
      factions: [
        { faction: 'sol', placements: [{ location: 'vel-terro', troops: 1 }] },
        { faction: 'lazax', placements: [{ location: 'vel-terro', troops: 1 }] },
      ],
    });
    expect(g.decide('sol', 'offer-alliance', { to: 'lazax' })).toMatchObject({
      code: 'allies_share_location',
      ruleRef: RULES.alliesNeverShare,
    });
    for (const seat of ['sol', 'lazax', 'hacan', 'xxcha']) g.play(seat, 'end-ceasefire');
    expect(g.state.table.turn.phase).toBe('influence');
    expect(g.decide('sol', 'offer-alliance', { to: 'hacan' })).toMatchObject({
      code: 'wrong_phase',
    });
    expect(g.decide('sol', 'leave-alliance')).toMatchObject({ code: 'wrong_phase' });
  });

  it('gives Influence only in a Ceasefire, irreversibly: an undo across it is refused', () => {
    const g = ceasefire();
    const at = g.state.lastSeq;
    const given = g.play('sol', 'transfer-influence', { to: 'hacan', amount: 4 });
    expect(dataOf(given, 'InfluenceTransferred')[0]).toMatchObject({
      from: 'sol',
      to: 'hacan',
      amount: 4,
      context: 'ceasefire',
      ruleRef: RULES.transfersIrreversible,
    });
    expect([
      g.state.table.tracks['influence:sol'].value,
      g.state.table.tracks['influence:hacan'].value,
    ]).toEqual([6, 14]);
    expect(g.decide('sol', 'transfer-influence', { to: 'hacan', amount: 7 })).toMatchObject({
      code: 'not_enough_influence',
    });
    expect(
      decideUndoRequest(
        rexRuleset,
        g.state,
        { requestId: 'u', seat: 'sol', toSeq: at, reason: 'regret' },
        g.events.filter((e) => e.seq > at),
        lineStateOf(foldMatch(rexRuleset, g.matchId, g.events.slice(0, at + 1))),
      ),
    ).toMatchObject({ code: 'undo_blocked', ruleRef: RULES.transfersIrreversible });
    for (const seat of ['sol', 'lazax', 'hacan', 'xxcha']) g.play(seat, 'end-ceasefire');
    expect(g.decide('sol', 'transfer-influence', { to: 'hacan', amount: 1 })).toMatchObject({
      code: 'no_ceasefire',
      ruleRef: RULES.bribesInCeasefire,
    });
  });

  it('gives Influence at any time with option influenceTransfers = any-time', () => {
    const g = ceasefire({}, { influenceTransfers: 'any-time' });
    for (const seat of ['sol', 'lazax', 'hacan', 'xxcha']) g.play(seat, 'end-ceasefire');
    const given = g.play('sol', 'transfer-influence', { to: 'xxcha', amount: 2 });
    expect(dataOf(given, 'InfluenceTransferred')[0]).toMatchObject({ context: 'any-time' });
  });

  it('lets Lazax give an ally Influence during Bidding, before the ally bids', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'lazax', 'hacan'), {
      setup: { alliances: [['lazax', 'hacan']], fleetSector: 9 },
      options: { deckOrder: 'as-listed' },
    });
    g.play('sol', 'begin');
    advanceTo(g, 'bidding');
    expect(
      dataOf(
        g.play('lazax', 'transfer-influence', { to: 'hacan', amount: 3 }),
        'InfluenceTransferred',
      )[0],
    ).toMatchObject({ context: 'bidding' });
    g.play('hacan', 'bid', { amount: 1 });
    expect(g.decide('lazax', 'transfer-influence', { to: 'hacan', amount: 1 })).toMatchObject({
      code: 'ally_already_bid',
      ruleRef: RULES.lazaxGift,
    });
    expect(g.decide('sol', 'transfer-influence', { to: 'hacan', amount: 1 })).toMatchObject({
      code: 'no_ceasefire',
    });
  });
});
