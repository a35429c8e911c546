import { named } from './sw-catalog';
import { describeSwEvent } from './sw-phrasing';
import { battle, ship, shipOf } from './sw.testkit';

const names = {
  seat: (seat: string, lang: 'en' | 'ru') => (lang === 'ru' ? `Легион ${seat}` : `Legion ${seat}`),
};

describe('sw-strategic phrasing', () => {
  it('says every own event of a played turn in English and Russian, naming ships by class, not id', () => {
    const h = battle(
      { red: [ship('cruiser', 3, -3, 2)], blue: [ship('destroyer', 1, -3, 0)] },
      { lineOfFireOnEdge: 'clear-if-either' },
    );
    const cruiser = shipOf(h, 'red', 'cruiser');
    h.play('red', 'fire', {
      ship: cruiser,
      decks: [1],
      target: shipOf(h, 'blue', 'destroyer'),
      targetDeck: 1,
    });
    h.play('red', 'end-turn', { map: 'space' });
    const own = h.events.filter((e) => describeSwEvent(e, 'en') !== undefined);
    expect(own.map((e) => e.type)).toEqual(
      expect.arrayContaining(['MissionLaidOut', 'ShipEntered', 'VolleyFired', 'FactionTurnEnded']),
    );
    for (const event of own) {
      const en = describeSwEvent(event, 'en', names);
      const ru = describeSwEvent(event, 'ru', names);
      expect(en).toBeTruthy();
      expect(ru).toBeTruthy();
      expect(ru).not.toEqual(en);
      expect(`${en} ${ru}`).not.toMatch(/cruiser-\d|destroyer-\d/);
    }
    const volley = h.events.find((e) => e.type === 'VolleyFired');
    expect(describeSwEvent(volley!, 'ru', names)).toMatch(/^Залп: Крейсер \d+ по цели Эсминец \d+/);
    const ended = h.events.find((e) => e.type === 'FactionTurnEnded');
    expect(describeSwEvent(ended!, 'ru', names)).toBe('Ход окончен (космос): Легион red');
  });

  it('declines counts in Russian', () => {
    const income = (total: number) =>
      describeSwEvent(
        { type: 'IncomeCollected', data: { legion: 'red', dice: 2, total, credits: 9 } },
        'ru',
      );
    expect(income(1)).toContain('1 кредит');
    expect(income(3)).toContain('3 кредита');
    expect(income(5)).toContain('5 кредитов');
    // A starting position sets the credits with no dice rolled: no «0d4».
    const set = {
      type: 'IncomeCollected',
      data: { legion: 'red', dice: 0, total: 0, credits: 12 },
    };
    expect(describeSwEvent(set, 'ru')).toBe('Кредиты: red — 12 кредитов');
    expect(describeSwEvent(set, 'en')).toBe('red has 12 credits');
    expect(describeSwEvent({ type: 'Nonsense', data: {} }, 'ru')).toBeUndefined();
  });

  it('says the reactions, reinforcements landed and production slowed, naming units, never ids', () => {
    const events = [
      {
        type: 'ReactionAwaited',
        data: { kind: 'deflect', legion: 'blue', by: 'Vera', unit: 'infantry-12', shooter: 'red' },
      },
      {
        type: 'ReactionAwaited',
        data: { kind: 'medic', legion: 'blue', by: 'Oleg', unit: 'infantry-12', shooter: 'red' },
      },
      { type: 'ReactionDeclined', data: { kind: 'medic', legion: 'blue', unit: 'infantry-12' } },
      {
        type: 'ReactionDeclined',
        data: { kind: 'deflect', legion: 'blue', unit: 'infantry-12', byGm: true },
      },
      {
        type: 'ReinforcementsLanded',
        data: { legion: 'red', count: 2, actionPoints: 2, left: 12 },
      },
      {
        type: 'ProductionSlowed',
        data: { legion: 'red', id: 'walker-40', turns: 6, turnsLeft: 5, generatorsLost: 1 },
      },
    ];
    const said = events.map((e) => [
      describeSwEvent(e, 'en', names),
      describeSwEvent(e, 'ru', names),
    ]);
    for (const [en, ru] of said) {
      expect(en).toBeTruthy();
      expect(ru).toBeTruthy();
      expect(`${en} ${ru}`).not.toMatch(/infantry-12|walker-40/);
    }
    expect(said[0][1]).toBe('Мастер меча может отразить попадание (Пехота 12): Vera');
    expect(said[3][0]).toMatch(/^The Game Master closes the reaction not claimed at once/);
    expect(said[3][1]).toBe(
      'Мастер игры закрыл реакцию, не заявленную сразу (без отражения): Легион blue',
    );
    expect(said[4][1]).toBe('Подкрепления на земле (2): Легион red получает 2 очка действия');
    expect(said[5][1]).toBe(
      'Производство замедлено (потеряно генераторов: 1): Шагоход 40, осталось 5 ходов',
    );
  });

  it('names the deck a Mechanic repairs, or the shields alone', () => {
    const say = (type: string, data: object) => [
      describeSwEvent({ type, data }, 'en', names),
      describeSwEvent({ type, data }, 'ru', names),
    ];
    expect(say('RepairStarted', { ship: 'cruiser-4', mechanic: 'Ossa', deck: 3 })).toEqual([
      'Ossa starts repairing deck 3 of Cruiser 4',
      'Ремонт начат: Крейсер 4, палуба 3 (механик: Ossa)',
    ]);
    expect(say('RepairStarted', { ship: 'cruiser-4', mechanic: 'Ossa' })).toEqual([
      'Ossa starts restoring the shields of Cruiser 4',
      'Ремонт щитов начат: Крейсер 4 (механик: Ossa)',
    ]);
    expect(say('RepairCompleted', { ship: 'cruiser-4', deck: 3, shields: 4 })).toEqual([
      'Cruiser 4 is repaired: deck 3 is back, shields 4',
      'Крейсер 4: ремонт завершён, палуба 3 восстановлена, щиты 4',
    ]);
    expect(say('RepairCompleted', { ship: 'cruiser-4', shields: 4 })).toEqual([
      'Cruiser 4 is repaired: shields back to 4',
      'Крейсер 4: ремонт завершён, щиты восстановлены до 4',
    ]);
  });

  it('names a legionnaire by the title the viewer knows him by, in the reader’s language', () => {
    const titles: Record<string, { en: string; ru: string }> = {
      'Legion II ground commander': {
        en: 'Legion II ground commander',
        ru: 'Наземный командир Легиона II',
      },
    };
    const viewer = {
      ...names,
      piece: (id: string, lang: 'en' | 'ru') => titles[id]?.[lang] ?? id,
    };
    const awaited = {
      type: 'ReactionAwaited',
      data: {
        kind: 'medic',
        legion: 'blue',
        by: 'Legion II ground commander',
        unit: 'infantry-12',
      },
    };
    expect(describeSwEvent(awaited, 'ru', viewer)).toBe(
      'Медик может вылечить уничтоженного (Пехота 12): Наземный командир Легиона II',
    );
    expect(describeSwEvent(awaited, 'en', viewer)).toBe(
      'Infantry 12 is destroyed: Medic Legion II ground commander may try to heal it',
    );
    const heal = {
      type: 'MedicHeal',
      data: { unit: 'infantry-12', medic: 'Legion II ground commander', face: 5, healed: true },
    };
    expect(describeSwEvent(heal, 'ru', viewer)).toBe(
      'Медик (Наземный командир Легиона II): 5 — пехотинец вылечен',
    );
    // A name the mission gives no title stays as it is.
    expect(describeSwEvent({ ...heal, data: { ...heal.data, medic: 'Oleg' } }, 'ru', viewer)).toBe(
      'Медик (Oleg): 5 — пехотинец вылечен',
    );
  });

  it('names every kind of piece, two-word kinds too, and leaves what it does not know alone', () => {
    expect(named('shield-field-70', 'ru')).toBe('Защитное поле 70');
    expect(named('comm-centre-60', 'en')).toBe('Communications centre 60');
    expect(named('generator:4', 'ru')).toBe('Генератор 4');
    expect(named('station:n1', 'ru')).toBe('Станция 1');
    expect(named('frigate', 'ru')).toBe('Фрегат');
    expect(named('something-12', 'ru')).toBe('something-12');
  });

  it('names the mission and each captain in the reader’s language, never by the mission’s ids', () => {
    const h = battle({ red: [ship('destroyer', 0, -3, 0)] });
    const laid = h.events.find((e) => e.type === 'MissionLaidOut')!;
    expect(describeSwEvent(laid, 'ru', names)).toBe(
      'Миссия: Примерная миссия: планета-аванпост (не из текста правил), 6 ходов',
    );
    expect(describeSwEvent(laid, 'en', names)).toMatch(/^Mission laid out: Illustrative mission/);
    const entered = h.events.find((e) => e.type === 'ShipEntered')!;
    // The viewer knows the legionnaires by their titles, as named pieces.
    const titled = {
      ...names,
      piece: (id: string, lang: 'en' | 'ru') =>
        id === 'Legion I destroyer captain' && lang === 'ru' ? 'Капитан эсминца Легиона I' : id,
    };
    expect(describeSwEvent(entered, 'ru', titled)).toMatch(/, капитан: Капитан эсминца Легиона I$/);
  });
});
