import { MatchHarness } from '@test/support/match-harness';
import { galaxyLeagueRuleset } from './galaxy-league.ruleset';
import { describeGalaxyLeagueEvent } from './gl-phrasing';
import { atBattles } from './gl.testkit';

const names = {
  seat: (id: string, lang: 'en' | 'ru') =>
    ({ anna: { en: 'Anna', ru: 'Анна' }, boris: { en: 'Boris', ru: 'Борис' } })[id]?.[lang],
  zone: (id: string, lang: 'en' | 'ru') =>
    ({ aurora: { en: 'Aurora', ru: 'Аврора' }, orion: { en: 'Orion', ru: 'Орион' } })[id]?.[lang],
};

describe('galaxy-league phrasing', () => {
  const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started([
    { seat: 'anna', faction: 'empire' },
    { seat: 'boris', faction: 'devourers' },
  ]);
  const say = (type: string, lang: 'en' | 'ru') => {
    const event = h.events.find((e) => e.type === type)!;
    return describeGalaxyLeagueEvent(event, lang, names);
  };

  it('names the players, their factions and the illustrative map, never ids', () => {
    expect(say('LeagueSetUp', 'ru')).toBe(
      'Лига подготовлена, карта: Примерная карта (придумана: в правилах карты нет); Анна (Империя), Борис (Пожиратели); раундов: 12',
    );
    expect(say('StageOpened', 'en')).toBe('Round 1: the Preparation stage opens');
    expect(say('StageOpened', 'ru')).toBe('Раунд 1: начинается этап «Подготовка»');
  });

  it('counts planets with Russian plural forms', () => {
    expect(say('IncomeReceived', 'ru')).toBe('Анна получает доход 45 ИК с 3 планет');
    expect(say('IncomeReceived', 'en')).toBe('Anna receives 45 IC income from 3 planets');
    const one = {
      type: 'IncomeReceived',
      data: {
        seat: 'boris',
        round: 2,
        lines: [{ territory: 'orion', colour: 'lilac', connected: false, amount: 5 }],
        bonus: 0,
        total: 5,
      },
    };
    expect(describeGalaxyLeagueEvent(one, 'ru', names)).toBe(
      'Борис получает доход 5 ИК с 1 планеты, из них 1 без прямого пути к столице',
    );
  });

  it('says who takes a planet from whom', () => {
    const captured = {
      type: 'ControlChanged',
      data: { territory: 'orion', from: 'anna', to: 'boris', cause: 'battle' },
    };
    expect(describeGalaxyLeagueEvent(captured, 'ru', names)).toBe(
      'Планета Орион переходит от игрока Анна к игроку Борис',
    );
    expect(describeGalaxyLeagueEvent(captured, 'en', names)).toBe(
      'Orion passes from Anna to Boris',
    );
  });

  it('names who reports a battle and who won it, each in his place', () => {
    const h = atBattles();
    const report = (by: string, winner: string | undefined) => {
      h.play(by, 'report-battle', {
        planet: 'ember',
        ...(winner ? { winner } : {}),
        points: [
          { seat: 'anna', points: 20 },
          { seat: 'boris', points: 40 },
        ],
        destroyed: winner ? ['anna'] : ['anna', 'boris'],
      });
      const event = h.events.filter((e) => e.type === 'BattleReported').at(-1)!;
      return (['ru', 'en'] as const).map((lang) => describeGalaxyLeagueEvent(event, lang, names));
    };
    // Анна reports Борис's win: Анна reports, Борис won.
    expect(report('anna', 'boris')).toEqual([
      'Анна сообщает итог боя за планету ember: победа — Борис; очки: Анна 20, Борис 40',
      'Anna reports the battle for ember: Boris won; points Anna 20, Boris 40',
    ]);
  });
});
