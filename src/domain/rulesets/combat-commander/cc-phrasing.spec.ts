import type { PhraseNames } from '../kit';
import { ccSeatSides, CC_GENDERS, describeCcEvent } from './cc-phrasing';

const NAMES: PhraseNames = {
  seat: (seat, lang) => (seat === 'axis' ? (lang === 'ru' ? 'Ганс' : 'Hans') : 'Иван'),
  piece: (id) => ({ 'su-squad-2': 'Стрелковое отделение 2', 'su-leader': 'Лейтенант Орлов' })[id],
};

const say = (type: string, data: unknown, lang: 'en' | 'ru') =>
  describeCcEvent({ type, data }, lang, NAMES);

describe('Combat Commander sentences', () => {
  it('reads a roll as its two dice, its value and its trigger; the trigger’s resolution nested under it', () => {
    const rolled = {
      roll: 'r1',
      seat: 'axis',
      purpose: 'rout',
      card: 'axis-fate-07',
      dice: [3, 4],
      value: 7,
      combine: 'sum',
      trigger: 'event',
      unit: 'su-squad-2',
      morale: { base: 5, cover: 3, total: 8 },
    };
    expect(say('FateRolled', rolled, 'ru')).toBe(
      'Бросок Бегства (Стрелковое отделение 2): ⚀ 3 + 4 = 7 — Событие!; Мораль 5 + Укрытие 3 = 8',
    );
    expect(say('FateRolled', rolled, 'en')).toBe(
      'Rout roll (Стрелковое отделение 2): ⚀ 3 + 4 = 7 — Event!; Morale 5 + Cover 3 = 8',
    );
    expect(
      say(
        'FateRolled',
        {
          ...rolled,
          purpose: 'targeting',
          value: 12,
          combine: 'product',
          trigger: 'jammed',
          ignored: 'not-a-fire-roll',
          unit: undefined,
          morale: undefined,
        },
        'ru',
      ),
    ).toBe('Бросок на Прицеливание: ⚀ 3 × 4 = 12 (Заело! не срабатывает: не Бросок на Стрельбу)');
    expect(
      say('EventRevealed', { roll: 'r1', card: 'x', event: 'Санитар', reader: 'axis' }, 'ru'),
    ).toBe('↳ Событие: «Санитар» (зачитывает Ганс)');
    expect(
      say(
        'TriggerFired',
        { roll: 'r1', trigger: 'event', seat: 'axis', purpose: 'rout', value: 7 },
        'en',
      ),
    ).toBe('↳ Event!: the result 7 is held until the trigger is resolved');
  });

  it('reads a Fire roll with its firers’ own FP, Range and distance, its target and the Hindrances crossed (issue 45)', () => {
    const fire = {
      roll: 'r2',
      seat: 'allies',
      purpose: 'fire',
      card: 'allies-fate-03',
      dice: [2, 3],
      value: 5,
      combine: 'sum',
      group: ['su-squad-2'],
      target: 'su-leader',
      fire: {
        hex: 'B2',
        firers: [{ piece: 'su-squad-2', hex: 'F6', fp: 4, range: 4, distance: 4 }],
        hindrances: ['D4'],
        lineOfFire: 'checked',
      },
    };
    expect(say('FateRolled', fire, 'ru')).toBe(
      'Бросок на Стрельбу: ⚀ 2 + 3 = 5; стреляют Стрелковое отделение 2 (ОМ 4, Дальность 4, до цели 4 гекса) по цели Лейтенант Орлов в гексе B2; Помехи на линии огня: D4',
    );
    expect(
      say(
        'FateRolled',
        { ...fire, fire: { ...fire.fire, hindrances: [], lineOfFire: 'not-checked' } },
        'en',
      ),
    ).toBe(
      'Fire roll: ⚀ 2 + 3 = 5; Стрелковое отделение 2 (FP 4, Range 4, 4 hexes away) fire at Лейтенант Орлов in B2; the line of fire was not checked',
    );
  });

  it('reads triggers, Events, Orders and the illustrative decks in Russian on a Russian page: no English word left', () => {
    const fired = { roll: 'r1', trigger: 'sniper', seat: 'axis', purpose: 'rout', value: 7 };
    expect(say('TriggerFired', fired, 'ru')).toBe(
      '↳ Снайпер!: результат 7 запомнен до применения триггера',
    );
    expect(say('TriggerResolved', { roll: 'r1', trigger: 'time' }, 'ru')).toBe(
      '↳ Время! применено',
    );
    expect(say('TimeAdvanced', { time: 2, cause: 'time-trigger' }, 'ru')).toBe(
      'Время продвигается до 2 (триггер «Время!»); колода перемешана со сбросом',
    );
    // A deck list's own titles for its Event and Order; without them, the name it has.
    const interrogation = { en: 'Interrogation', ru: 'Допрос' };
    const revealed = { roll: 'r1', card: 'x', event: 'Interrogation', reader: 'axis' };
    expect(say('EventRevealed', { ...revealed, title: interrogation }, 'ru')).toBe(
      '↳ Событие: «Допрос» (зачитывает Ганс)',
    );
    expect(say('EventRevealed', { ...revealed, title: interrogation }, 'en')).toBe(
      '↳ Event: "Interrogation" (read by Hans)',
    );
    expect(say('EventRevealed', revealed, 'ru')).toBe(
      '↳ Событие: «Interrogation» (зачитывает Ганс)',
    );
    const order = { seat: 'axis', card: 'c', order: 'Advance!', units: [], number: 1 };
    expect(say('OrderGiven', { ...order, title: { en: 'Advance!', ru: 'Вперёд!' } }, 'ru')).toBe(
      'Приказ 1 «Вперёд!»',
    );
    expect(say('OrderGiven', order, 'ru')).toBe('Приказ 1 «Advance!»');
    expect(say('OrderGiven', { ...order, order: 'move' }, 'ru')).toBe('Приказ 1 «Движение»');
    const action = { seat: 'axis', card: 'c', action: 'Smoke', pieces: [], duringTurnOf: 'axis' };
    expect(say('ActionPlayed', { ...action, title: { en: 'Smoke', ru: 'Дым' } }, 'ru')).toBe(
      'Действие «Дым» на Ходу игрока Ганс',
    );
    const setUp = {
      sides: [],
      first: 'axis',
      grid: { columns: 10, rows: 10 },
      objectives: [],
      time: 0,
      suddenDeath: 5,
      illustrative: ['germany', 'ussr'],
    };
    expect(say('BattleSetUp', setUp, 'ru')).toBe(
      'Бой подготовлен:  (иллюстративные колоды: Германия, СССР)',
    );
    expect(say('BattleSetUp', setUp, 'en')).toBe(
      'Battle set up:  (illustrative decks: Germany, USSR)',
    );
  });

  it('counts cards in Russian with the right case, and names seats and pieces, never ids', () => {
    expect(say('TurnEnded', { seat: 'axis', orders: 2, drew: 1 }, 'ru')).toBe(
      'Ход окончен; добор: 1 карта',
    );
    expect(say('TurnEnded', { seat: 'axis', orders: 2, drew: 3 }, 'ru')).toBe(
      'Ход окончен; добор: 3 карты',
    );
    expect(say('TurnEnded', { seat: 'axis', orders: 2, drew: 5 }, 'ru')).toBe(
      'Ход окончен; добор: 5 карт',
    );
    expect(
      say('PieceBroken', { piece: 'su-squad-2', cause: 'sniper', eliminated: false }, 'ru'),
    ).toBe('Стрелковое отделение 2 сломлено'); // no gender given: as a Squad's «отделение»
    expect(
      say(
        'OutcomeStated',
        {
          id: 'o1',
          seat: 'axis',
          about: 'morale',
          effects: [{ kind: 'move', piece: 'su-squad-2', to: 'F5' }],
          ruleRef: '',
        },
        'ru',
      ),
    ).toBe(
      'Заявлен результат восстановления/бегства: Стрелковое отделение 2 → F5 — ждёт подтверждения',
    );
  });

  it('says the Sudden Death roll, the Initiative card passing, a Leader’s Command and a hand shown, by name', () => {
    expect(
      say('SuddenDeathRolled', { roll: 'r9', seat: 'axis', value: 4, time: 5, space: 5 }, 'ru'),
    ).toBe(
      '↳ Время 5 на делении Внезапной Смерти (5): Бросок Внезапной Смерти 4; заканчивается ли игра — заявляет игрок, подтверждает соперник',
    );
    expect(say('InitiativePassed', { seat: 'axis', from: 'allies' }, 'ru')).toBe(
      'Карта Инициативы переходит: Иван → Ганс',
    );
    expect(
      say(
        'OrderGiven',
        {
          seat: 'allies',
          card: 'c',
          order: 'Move',
          units: ['su-squad-2'],
          number: 1,
          leader: 'su-leader',
          command: 1,
        },
        'en',
      ),
    ).toBe('Order 1 "Move" through the Command 1 of Лейтенант Орлов → Стрелковое отделение 2');
    // The illustrative decks' words by name in either language; a registered deck's own as written.
    const order = (word: string, lang: 'en' | 'ru') =>
      say('OrderGiven', { seat: 'allies', card: 'c', order: word, units: [], number: 2 }, lang);
    expect(order('artillery-request', 'ru')).toBe('Приказ 2 «Запрос артиллерии»');
    expect(order('move', 'en')).toBe('Order 2 "Move"');
    expect(order('Штурм', 'ru')).toBe('Приказ 2 «Штурм»');
    expect(order('__proto__', 'ru')).toBe('Приказ 2 «__proto__»');
    expect(
      say('HandShown', { seat: 'allies', to: 'axis', count: 4, secret: { cards: [] } }, 'ru'),
    ).toBe('Рука открыта по Событию (Золотое правило): Иван → Ганс (карт: 4)');
    expect(say('OutcomeConfirmed', { id: 'o1', by: 'allies', judge: true }, 'en')).toBe(
      'Outcome confirmed by Иван (recorded by a judge)',
    );
  });

  it('names the Turn’s player in the nominative, after «игрока», never declined wrongly', () => {
    const action = { seat: 'allies', card: 'c', action: 'fire', pieces: [], duringTurnOf: 'axis' };
    // «на Ходу Ганс» read as a wrong case; a name (a nickname too) is never declined.
    expect(say('ActionPlayed', action, 'ru')).toBe('Действие «Огонь» на Ходу игрока Ганс');
    expect(say('ActionPlayed', { ...action, opFire: true }, 'ru')).toBe(
      'Действие «Огонь» (Огонь по Обстоятельствам) на Ходу игрока Ганс',
    );
    expect(say('ActionPlayed', action, 'en')).toBe('Action "Fire" in Hans’s Turn');
  });

  it('makes a broken, eliminated or repaired piece’s participle agree with its name', () => {
    const pieces: Record<string, [string, keyof typeof CC_GENDERS]> = {
      orlov: ['Лейтенант Орлов', 'leader'],
      scouts: ['Команда разведки', 'team'],
      guards: ['Гвардейское отделение 1', 'squad'],
      mg: ['Пулемёт ДП-27', 'weapon'],
    };
    const names: PhraseNames = {
      ...NAMES,
      piece: (id) => pieces[id]?.[0],
      gender: (id) => (id === 'sappers' ? 'pl' : CC_GENDERS[pieces[id]?.[1]]),
    };
    const broken = (piece: string, eliminated: boolean, lang: 'en' | 'ru') =>
      describeCcEvent({ type: 'PieceBroken', data: { piece, eliminated } }, lang, names);
    expect(broken('orlov', false, 'ru')).toBe('Лейтенант Орлов сломлен');
    expect(broken('scouts', false, 'ru')).toBe('Команда разведки сломлена');
    expect(broken('guards', false, 'ru')).toBe('Гвардейское отделение 1 сломлено');
    expect(broken('orlov', true, 'ru')).toBe('Лейтенант Орлов уничтожен');
    expect(broken('scouts', true, 'ru')).toBe('Команда разведки уничтожена');
    expect(broken('sappers', true, 'ru')).toBe('sappers уничтожены');
    expect(broken('guards', false, 'en')).toBe('Гвардейское отделение 1 breaks');
    const repaired = describeCcEvent(
      {
        type: 'OutcomeStated',
        data: {
          id: 'o',
          seat: 'axis',
          about: 'repair',
          effects: [{ kind: 'repair', piece: 'mg' }],
          applied: true,
        },
      },
      'ru',
      names,
    );
    expect(repaired).toBe('Заявлен результат починки: Пулемёт ДП-27 починен');
    const stated = (lang: 'en' | 'ru') =>
      describeCcEvent(
        {
          type: 'OutcomeStated',
          data: {
            id: 'o',
            seat: 'axis',
            about: 'fire',
            effects: [
              { kind: 'break', piece: 'guards' },
              { kind: 'break', piece: 'orlov' },
              { kind: 'eliminate', piece: 'scouts' },
            ],
          },
        },
        lang,
        names,
      );
    // Never «сломить Лейтенант Орлов»: a name in the nominative, its participle agreeing.
    expect(stated('ru')).toBe(
      'Заявлен результат стрельбы: Гвардейское отделение 1 сломлено; Лейтенант Орлов сломлен; Команда разведки уничтожена — ждёт подтверждения',
    );
    expect(stated('en')).toBe(
      'Stated outcome of fire: break Гвардейское отделение 1; break Лейтенант Орлов; eliminate Команда разведки — awaiting confirmation',
    );
  });

  it('gives each seat its side’s nationality as the setup records it', () => {
    const sides = [
      { seat: 'axis', nationality: 'germany' },
      { seat: 'allies', nationality: 'ussr' },
      { seat: 'odd', nationality: '__proto__' },
    ];
    expect(ccSeatSides([{ type: 'BattleSetUp', data: { sides } }])).toEqual([
      ['axis', { en: 'Germany', ru: 'Германия' }],
      ['allies', { en: 'USSR', ru: 'СССР' }],
    ]);
    expect(ccSeatSides([{ type: 'BattleSetUp', data: { sides: 'x' } }])).toEqual([]);
    expect(ccSeatSides([])).toEqual([]);
  });

  it('ignores what is not its own, and junk data', () => {
    expect(say('DiceRolled', {}, 'en')).toBeUndefined();
    expect(say('FateRolled', null, 'en')).toBeUndefined();
    expect(say('FateRolled', { dice: 'x' }, 'en')).toBeUndefined();
  });
});
