import { MatchHarness } from '@test/support/match-harness';
import { legalDecisionKinds } from '../../../match/legal-decisions';
import { troopsAt, ZONES } from '../rex-board';
import { describeRexEvent } from '../rex-phrasing';
import { RULESET_CHOICES } from '../rex-rules-text';
import type { RexState } from '../rex-state';
import { deriveRex, rexRuleset } from '../rex.ruleset';
import { advanceTo, dataOf, seatsOf } from '../rex.testkit';

/** A seat concedes: what becomes of its race, the turn, the alliance, the end and the standings. */

function game(options: Record<string, unknown> = {}): MatchHarness<RexState> {
  const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'hacan', 'lazax'), {
    setup: {
      fleetSector: 9,
      alliances: [['hacan', 'lazax']],
      factions: [
        { faction: 'hacan', placements: [{ location: 'archive-hall', troops: 3 }] },
        { faction: 'sol', placements: [{ location: 'vel-terro', troops: 2 }] },
      ],
    },
    options: { deckOrder: 'as-listed', ...options },
  });
  g.play('sol', 'begin');
  return g;
}

const inBox = (g: MatchHarness<RexState>, owner: string) =>
  Object.values(g.state.table.pieces).filter((p) => p.zone === ZONES.box && p.owner === owner);

describe('a concession in Rex', () => {
  it('is refused before the game begins', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'hacan', 'lazax'));
    g.when('hacan', 'concede').thenRejects('not_begun', RULESET_CHOICES.concession);
  });

  it('takes the race out of play; the others play on without it', () => {
    const g = game();
    const reserve = g.state.table.tracks['influence:hacan'].value;
    const events = g.when('hacan', 'concede').then([
      { type: 'PiecesMoved', data: { to: ZONES.box } },
      { type: 'CardsDiscarded', data: { to: ZONES.strategyDiscard } },
      // Back into the Traitor deck (deckOrder as-listed: under it, no shuffle).
      { type: 'PiecesMoved', data: { to: ZONES.traitorDeck } },
      { type: 'TrackChanged', data: { track: 'influence:hacan', value: 0 } },
      { type: 'AllianceLeft', data: { member: 'hacan', members: ['lazax'] } },
      { type: 'AllianceDissolved' },
      {
        type: 'SeatConceded',
        data: { seat: 'hacan', influence: reserve, ruleRef: RULESET_CHOICES.concession },
      },
    ]);
    expect(troopsAt(g.state.table, 'archive-hall')).toHaveLength(0);
    expect(inBox(g, 'hacan')).toHaveLength(20 + 5);
    expect(g.state.rs.alliances).toEqual([]);
    expect(describeRexEvent(events[events.length - 1], 'ru')).toBe(
      `hacan сдаётся: из игры выходят Войска и Лидеры (25), в Банк — ${reserve} Влияния, в сброс — 1 Карта Стратегий`,
    );
    // No decision is offered or accepted from the conceded seat.
    expect(legalDecisionKinds(rexRuleset, g.state, 'hacan')).toEqual([]);
    g.when('hacan', 'transfer-influence', { to: 'sol', amount: 1 }).thenRejects('conceded');
    // Its race is out of play: Hacan is paid nothing for deployments; turn order skips it.
    advanceTo(g, 'maneuvers');
    expect(g.state.rs.maneuvers?.order).toEqual(['sol', 'lazax']);
    const deployed = g.play('sol', 'deploy', { location: 'archive-hall', troops: 1 });
    expect(dataOf(deployed, 'TroopsDeployed')[0]).toMatchObject({ payee: 'bank' });
    const derived = deriveRex(g.state.table, g.state.rs);
    expect(derived.conceded).toEqual(['hacan']);
    expect(derived.standings).toEqual([
      { seat: 'sol', place: 1, status: 'playing' },
      { seat: 'lazax', place: 2, status: 'playing' },
      { seat: 'hacan', place: 3, status: 'conceded' },
    ]);
  });

  it('moves the turn on when the conceding seat was to act', () => {
    const g = game();
    expect(g.state.table.turn.active).toEqual(['sol']);
    const events = g.play('sol', 'concede');
    expect(dataOf(events, 'FirstPlayerMarkerPassed')[0]).toMatchObject({
      from: 'sol',
      to: 'hacan',
    });
    expect(g.state.table.turn).toMatchObject({ phase: 'influence', active: ['hacan'] });
  });

  it('gives the last race left the win when the others play on', () => {
    const g = game();
    g.play('sol', 'concede');
    const events = g.play('lazax', 'concede');
    expect(dataOf(events, 'MatchFinished')[0]).toMatchObject({
      winners: ['hacan'],
      condition: 'last-race-left',
    });
    expect(deriveRex(g.state.table, g.state.rs).standings).toEqual([
      { seat: 'hacan', place: 1, status: 'won' },
      { seat: 'lazax', place: 2, status: 'conceded' },
      { seat: 'sol', place: 3, status: 'conceded' },
    ]);
  });

  it('ends the match at once under option concession = match-ends', () => {
    const g = game({ concession: 'match-ends' });
    const events = g.play('lazax', 'concede');
    expect(dataOf(events, 'MatchFinished')[0]).toMatchObject({
      winners: ['sol', 'hacan'],
      condition: 'concession',
      ruleRef: RULESET_CHOICES.concession,
    });
  });
});
