import { MatchHarness } from '@test/support/match-harness';
import { decideCreateMatch } from '../../match/match-decider';
import type { InvalidParams } from '../rule-violation';
import { isRejection } from '../rule-violation';
import { ZONES } from './rex-board';
import { RULES } from './rex-rules-text';
import { rexRuleset } from './rex.ruleset';
import { seatsOf } from './rex.testkit';

const seats = seatsOf('sol', 'letnev', 'hacan');

/** The Influence deck's cards as the setup lays them out, top first. */
function influenceDeck(): string[] {
  const g = new MatchHarness(rexRuleset).started(seats);
  return [...g.state.table.decks[ZONES.influenceDeck].order];
}

function refused(position: unknown, options: Record<string, unknown> = {}): InvalidParams {
  const decided = decideCreateMatch({
    matchId: 'm',
    ruleset: rexRuleset as never,
    organizer: 'o',
    commitment: '0'.repeat(64),
    seats,
    options,
    position,
  });
  if (!isRejection(decided) || decided.kind !== 'invalid_params')
    throw new Error('the position was not refused');
  return decided;
}

describe('a Rex match from a given position', () => {
  const laidOut = influenceDeck().reverse();
  const position = {
    pieces: [
      { id: 'troop:sol:1', zone: 'civilian-spaceport' },
      { id: 'troop:letnev:1', zone: 'losses:letnev', status: 'destroyed' },
      { id: 'strategy:1', zone: 'hand:sol' },
      { id: 'dreadnought-fleet', zone: 'sector:5' },
    ],
    decks: [{ deck: ZONES.influenceDeck, order: laidOut }],
    tracks: [{ id: 'influence:sol', value: 14 }],
    turn: { round: 3, phase: 'influence', active: ['letnev'], priority: 'letnev' },
    rules: { alliances: [{ members: ['sol', 'hacan'] }] },
  };

  it('starts at round 3, Influence phase, with the table, the First Player, the Fleet and the alliance given', () => {
    const g = new MatchHarness(rexRuleset).started(seats, { position });
    const { table, rs } = g.state;
    expect(table.pieces['troop:sol:1'].zone).toBe('civilian-spaceport');
    expect(table.pieces['troop:letnev:1']).toMatchObject({
      zone: 'losses:letnev',
      status: 'destroyed',
    });
    expect(table.pieces['strategy:1'].zone).toBe('hand:sol');
    expect(table.tracks['influence:sol'].value).toBe(14);
    expect(table.decks[ZONES.influenceDeck].order).toEqual(laidOut);
    expect(table.turn).toMatchObject({ round: 3, phase: 'influence', active: ['letnev'] });
    expect(rs).toMatchObject({
      round: 3,
      phase: 'influence',
      firstPlayer: 'letnev',
      fleetSector: 5,
      bombarded: 5,
      alliances: [{ id: 'alliance-1', members: ['sol', 'hacan'] }],
    });
    expect(rs.pendingShuffles.sort()).toEqual(
      [ZONES.bombardmentDeck, ZONES.strategyDeck, ZONES.traitorDeck].sort(),
    );
  });

  it('plays on: the First Player reveals the top Influence card the organizer laid out; the other decks are shuffled first', () => {
    const g = new MatchHarness(rexRuleset).started(seats, { position });
    const events = g.play('letnev', 'reveal-influence');
    const shuffled = events
      .filter((e) => e.type === 'DeckShuffled')
      .map((e) => (e.data as { deck: string }).deck);
    expect(shuffled.sort()).toEqual(
      [ZONES.bombardmentDeck, ZONES.strategyDeck, ZONES.traitorDeck].sort(),
    );
    const revealed = events.find((e) => e.type === 'InfluenceCardRevealed');
    expect(revealed?.data).toMatchObject({ card: laidOut[0], round: 3 });
    expect(g.state.rs.pendingShuffles).toEqual([]);
  });

  it('refuses what breaks the rules, each with its rule', () => {
    const refusal = refused({
      pieces: [
        { id: 'troop:sol:2', zone: 'hand:sol' },
        { id: 'troop:sol:3', zone: 'reserve:sol', owner: 'hacan' },
        ...[1, 2, 3, 4, 5].map((n) => ({ id: `strategy:${n}`, zone: 'hand:hacan' })),
      ],
      turn: { round: 9, phase: 'bidding' },
      rules: {
        alliances: [{ members: ['sol', 'letnev', 'hacan', 'xxcha'] }, { members: ['sol'] }],
      },
    });
    expect(refusal.errors.map((e) => [e.path, e.localized?.[0].ru, e.ruleRef ?? null])).toEqual([
      [
        'position.pieces.0.zone',
        'Войско (troop:sol:2) не может лежать в зоне «Карты Стратегий: Сол»',
        null,
      ],
      [
        'position.pieces.1.owner',
        'Войско (troop:sol:3) принадлежит своей расе и не может перейти к другой',
        null,
      ],
      ['position.turn.round', 'В Rex играют раунды с 1-го по 8-й, а не 9-й', RULES.roundEight],
      [
        'position.turn.phase',
        'Позиция Rex начинается с Фазы Влияния своего раунда — с неё начинается каждый раунд, — а не с фазы «bidding»',
        null,
      ],
      [
        'position.pieces',
        'У игрока Хакан на руке 5 Карт Стратегий, а можно не больше 4',
        RULES.letnevHand,
      ],
      ['position.rules.alliances.0.members', 'Места «xxcha» в этом матче нет', null],
      [
        'position.rules.alliances.0.members',
        'В Альянсе от 2 до 3 игроков, а не 4',
        RULES.allianceSize,
      ],
      [
        'position.rules.alliances.1.members',
        'В Альянсе от 2 до 3 игроков, а не 1',
        RULES.allianceSize,
      ],
      [
        'position.rules.alliances.1.members',
        'Сол уже в Альянсе 1: игрок состоит не больше чем в одном Альянсе',
        RULES.oneAlliance,
      ],
    ]);
  });
});
