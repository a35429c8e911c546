import { MatchHarness } from '@test/support/match-harness';
import { decideCreateMatch } from '../../match/match-decider';
import type { InvalidParams } from '../rule-violation';
import { isRejection } from '../rule-violation';
import { galaxyLeagueRuleset } from './galaxy-league.ruleset';
import { RULES } from './gl-rules-text';
import { actsInStage } from './gl-state';

const seats = [
  { seat: 'anna', faction: 'empire' },
  { seat: 'boris', faction: 'devourers' },
  { seat: 'vera', faction: 'eternals' },
];
const TECHNOLOGIES = ['shields', 'engines'].map((id, i) => ({
  id,
  name: { en: id, ru: id === 'shields' ? 'Щиты' : 'Двигатели' },
  cost: 100,
  points: i + 1,
}));
const setup = { technologies: TECHNOLOGIES };

/** Round 5: Anna took Dorado's neighbour Ember, she and Vera are allied since round 4. */
const position = {
  pieces: [{ id: 'ship:anna:1', zone: 'ember' }],
  tracks: [
    { id: 'credits:anna', value: 140 },
    { id: 'wins:anna', value: 3 },
    { id: 'credits:boris', value: 60 },
    { id: 'other:anna', value: 1 },
  ],
  turn: { round: 5, phase: 'preparation' },
  rules: {
    owners: [{ territory: 'ember', seat: 'anna' }],
    alliances: [{ members: ['anna', 'vera'], formedRound: 4 }],
    technologies: [{ seat: 'anna', technology: 'shields' }],
  },
};

function refused(given: unknown, withSetup: Record<string, unknown> = setup): InvalidParams {
  const decided = decideCreateMatch({
    matchId: 'm',
    ruleset: galaxyLeagueRuleset as never,
    organizer: 'o',
    commitment: '0'.repeat(64),
    seats,
    setup: withSetup,
    position: given,
  });
  if (!isRejection(decided) || decided.kind !== 'invalid_params')
    throw new Error('the position was not refused');
  return decided;
}

describe('a league joining a season in round 5 from a position', () => {
  it('starts at round 5, Preparation, with credits, wins, territories, the alliance and a technology', () => {
    const h = new MatchHarness(galaxyLeagueRuleset).started(seats, { setup, position });
    const { table, rs } = h.state;
    expect(table.tracks['credits:anna'].value).toBe(140);
    expect(table.tracks['wins:anna'].value).toBe(3);
    expect(table.tracks['credits:boris'].value).toBe(60);
    expect(table.pieces['ship:anna:1'].zone).toBe('ember');
    expect(table.turn).toMatchObject({ round: 5, phase: 'preparation' });
    expect(rs).toMatchObject({ round: 5, stage: 'preparation' });
    expect(rs.owner.ember).toBe('anna');
    expect(rs.alliances['alliance-1']).toMatchObject({
      members: ['anna', 'vera'],
      formedRound: 4,
      lastBoundRound: 6,
    });
    expect(rs.players.anna.technologies).toEqual(['shields']);
    expect(rs.roundPoints).toHaveProperty('anna');
  });

  it('plays on: every player ends the Preparation stage and the Attack stage opens', () => {
    const h = new MatchHarness(galaxyLeagueRuleset).started(seats, { setup, position });
    for (const { seat } of seats) if (actsInStage(h.state.rs, seat)) h.play(seat, 'end-stage');
    expect(h.state.rs).toMatchObject({ round: 5, stage: 'attack' });
  });

  it('refuses a round past the league, a capital not held, hostile or double alliances, an unknown technology', () => {
    const refusal = refused({
      tracks: [{ id: 'credits:anna', value: -5 }],
      turn: { round: 13 },
      rules: {
        capitals: [{ seat: 'boris', territory: 'aurora' }],
        alliances: [
          { members: ['anna', 'vera'], formedRound: 14 },
          { members: ['vera', 'boris'], formedRound: 2 },
        ],
        technologies: [{ seat: 'anna', technology: 'warp' }],
      },
    });
    expect(refusal.errors.map((e) => [e.path, e.localized?.[0].ru, e.ruleRef ?? null])).toEqual([
      ['position.turn.round', 'Лига длится 12 раундов: раунда 13 в ней нет', RULES.rounds],
      ['position.tracks', 'Империя: кредитов не может быть меньше 0', null],
      [
        'position.rules.capitals.0.territory',
        'Пожиратели: столицей может быть только подконтрольная территория, а «Аврора» не подконтрольна',
        null,
      ],
      [
        'position.rules.alliances.0.formedRound',
        'Альянс, действующий в раунде 13, создан не позже него, а не в раунде 14',
        null,
      ],
      [
        'position.rules.alliances.1.members',
        'Вечные уже в Альянсе 1: игрок состоит только в одном Альянсе',
        null,
      ],
      [
        'position.rules.technologies.0.technology',
        'Технологии «warp» в этой Лиге нет (их перечисляют при создании)',
        RULES.research,
      ],
    ]);
  });

  it('refuses an alliance of hostile factions, quoting the rule', () => {
    const refusal = refused(
      { rules: { alliances: [{ members: ['anna', 'vera'], formedRound: 1 }] } },
      { ...setup, hostile: [{ a: 'empire', b: 'eternals' }] },
    );
    expect(refusal.errors.map((e) => [e.path, e.localized?.[0].ru, e.ruleRef])).toEqual([
      [
        'position.rules.alliances.0.members',
        'Империя и Вечные играют враждебными фракциями',
        RULES.allianceHostility,
      ],
    ]);
  });
});
