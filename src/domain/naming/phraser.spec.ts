import { SeatNames } from './seat-names';
import { GENERIC_NAMING, type RulesetNaming } from './ruleset-naming';
import { REX_SENTENCES } from '../rulesets/rex/rex-decision-sentences';
import { CC_WORDS } from '../rulesets/combat-commander/cc-naming';
import { afterWho, Phraser } from './phraser';
import { rulesetNaming } from './match-phrases';
import type { RecordedEvent } from '../events/recorded-event';
import { indexNames, type NameIndex } from './name-index';

/** No names at all: every sentence falls back to what the event itself says. */
const names: NameIndex = indexNames([]);

describe('a decision’s params in words', () => {
  const phraser = new Phraser(
    names,
    new SeatNames([{ seat: 'blue' }], GENERIC_NAMING),
    GENERIC_NAMING,
    undefined,
  );

  it('reads a piece status in the page’s language', () => {
    // No piece named, no gender known: the status in words that agree with nothing.
    expect(phraser.paramsText({ status: 'broken' }, 'ru')).toBe('в сломленном состоянии');
    expect(phraser.paramsText({ status: 'broken' }, 'en')).toBe('broken');
  });

  it('names a zone made with no name by its kind and number, never its id', () => {
    expect(phraser.zoneName('sector:90', 'ru')).toBe('Сектор 90');
    expect(phraser.zoneName('sector:90', 'en')).toBe('Sector 90');
    // A kind no word names stays as it is.
    expect(phraser.zoneName('zz:3', 'ru')).toBe('zz:3');
  });

  it('shows a name given in both languages in the page’s language only', () => {
    const text = phraser.paramsText(
      { value: 1, name: { en: 'Victory points', ru: 'Победные очки' } },
      'ru',
    );
    expect(text).toBe('1, Победные очки');
  });
});

describe('a decision as what its seat did', () => {
  const rexNames: NameIndex = {
    ...names,
    zones: new Map([
      ['archive-hall', { en: 'Archive Hall', ru: 'Зал Архива' }],
      ['sallab-slums', { en: 'Sallab Slums', ru: 'Трущобы Саллаб' }],
    ]),
    pieceTypes: new Map([['r1', 'tank']]),
    pieceNames: new Map([['r1', { en: 'Tank', ru: 'Танк' }]]),
  };
  const seats = new SeatNames([{ seat: 'letnev', player: 'Вера' }], GENERIC_NAMING);
  // The phraser keeps each seq's phrase: every event here has a seq of its own.
  let seq = 0;
  const decision = (kind: string, params: object): RecordedEvent =>
    ({
      eventId: 'e',
      matchId: 'm',
      seq: (seq += 1),
      type: 'DecisionMade',
      data: { decisionId: 'd', kind, seat: 'letnev', params },
      meta: { actor: { kind: 'seat', id: 'letnev', seat: 'letnev' } },
    }) as unknown as RecordedEvent;

  it('phrases a Rex move by its params, with the count agreeing with its noun', () => {
    const rex = new Phraser(
      rexNames,
      seats,
      { ...GENERIC_NAMING, decisions: REX_SENTENCES },
      undefined,
    );
    const move = (troops: number) =>
      decision('move', { from: 'archive-hall', to: 'sallab-slums', troops });
    expect(rex.logPhrase(move(3), 'en')).toBe(
      'Вера moves 3 troops from Archive Hall to Sallab Slums',
    );
    expect(rex.logPhrase(move(1), 'ru')).toBe(
      'Вера перемещает 1 войско: Зал Архива → Трущобы Саллаб',
    );
    expect(rex.decisionParts(move(3), 'ru')?.predicate).toBe(
      'перемещает 3 войска: Зал Архива → Трущобы Саллаб',
    );
    expect(rex.decisionParts(move(5), 'ru')?.predicate).toContain('5 войск:');
  });

  it('phrases the table decisions every ruleset offers, and falls back when the params do not fit', () => {
    const table = new Phraser(rexNames, seats, GENERIC_NAMING, undefined);
    expect(table.logPhrase(decision('move', { pieces: ['r1'], to: 'sallab-slums' }), 'ru')).toBe(
      'Вера перемещает Танк → Трущобы Саллаб',
    );
    expect(table.logPhrase(decision('draw', { deck: 'sallab-slums', count: 2 }), 'ru')).toBe(
      'Вера берёт 2 карты: Трущобы Саллаб',
    );
    expect(table.logPhrase(decision('change-track', { track: 'vp', delta: -1 }), 'en')).toBe(
      'Вера changes vp by -1',
    );
    // A move with neither pieces nor fleet is no sentence: the kind and its params stand.
    expect(table.decisionParts(decision('move', { to: 'sallab-slums' }), 'ru')).toBeUndefined();
  });
});

describe('a Combat Commander log: seats by their side, states agreeing with the unit', () => {
  const created = (pieces: object[]): RecordedEvent[] =>
    [
      {
        type: 'BattleSetUp',
        data: {
          sides: [
            { seat: 'axis', nationality: 'germany' },
            { seat: 'allies', nationality: 'ussr' },
          ],
        },
      },
      { type: 'PiecesCreated', data: { pieces } },
    ].map((e, seq) => ({ ...e, seq }) as unknown as RecordedEvent);
  const events = created([
    { id: 'orlov', type: 'leader', attrs: { name: 'Лейтенант Орлов' } },
    { id: 'scouts', type: 'team', attrs: { name: 'Команда разведки' } },
    { id: 'guards', type: 'squad', attrs: { name: 'Гвардейское отделение 1' } },
    { id: 'sappers', type: 'team', attrs: { name: 'Сапёры', gender: 'pl' } },
    { id: 'odd', type: 'team', attrs: { name: 'Расчёт', gender: 'x' } },
  ]);
  const names = indexNames(events, CC_WORDS);
  const seats = new SeatNames(
    [{ seat: 'axis' }, { seat: 'allies', side: 'Союзники' }, { seat: 'extra' }],
    CC_WORDS,
    [{ seat: 'axis', name: 'Ганс' }],
    names.sides,
  );
  const phraser = new Phraser(names, seats, CC_WORDS, undefined);
  let seq = 10;
  const say = (type: string, data: object, lang: 'en' | 'ru' = 'ru') =>
    phraser.phrase({ type, data, seq: (seq += 1) } as unknown as RecordedEvent, lang);

  it('names a seat by the side the match gives it, else the ruleset’s, else its place', () => {
    expect(say('SeatClaimed', { seat: 'axis', player: { name: 'Ганс' } })).toBe(
      'Ганс занимает место: Германия',
    );
    expect(say('SeatClaimed', { seat: 'allies', player: { name: 'Иван' } })).toBe(
      'Иван занимает место: Союзники',
    );
    expect(say('SeatClaimed', { seat: 'extra', player: { name: 'Ким' } })).toBe(
      'Ким занимает место 3',
    );
    expect(say('SeatClaimed', { seat: 'extra', player: { name: 'Ким' } }, 'en')).toBe(
      'Ким takes seat 3',
    );
  });

  it('makes the state agree with the piece’s own gender, else its type’s', () => {
    const broken = (piece: string) => say('PieceChanged', { piece, status: 'broken' });
    expect(broken('orlov')).toBe('Лейтенант Орлов: состояние → сломлен');
    expect(broken('scouts')).toBe('Команда разведки: состояние → сломлена');
    expect(broken('guards')).toBe('Гвардейское отделение 1: состояние → сломлено');
    expect(broken('sappers')).toBe('Сапёры: состояние → сломлены');
    // An unknown recorded gender is not taken: the type's (a Team's «команда») stands.
    expect(broken('odd')).toBe('Расчёт: состояние → сломлена');
    expect(say('PieceBroken', { piece: 'orlov', eliminated: true })).toBe(
      'Лейтенант Орлов уничтожен',
    );
  });

  it('makes a decision’s new status agree with the piece it changes', () => {
    expect(phraser.paramsText({ piece: 'orlov', status: 'damaged' }, 'ru')).toBe(
      'Лейтенант Орлов, повреждён',
    );
    expect(phraser.paramsText({ piece: 'scouts', status: 'damaged' }, 'ru')).toBe(
      'Команда разведки, повреждена',
    );
    expect(phraser.paramsText({ piece: 'guards', status: 'damaged' }, 'ru')).toBe(
      'Гвардейское отделение 1, повреждено',
    );
    expect(phraser.paramsText({ piece: 'guards', status: 'damaged' }, 'en')).toBe(
      'Гвардейское отделение 1, damaged',
    );
  });
});

describe('an event in words', () => {
  const event = (seq: number, type: string, data: object): RecordedEvent =>
    ({ seq, type, data }) as unknown as RecordedEvent;
  const phraserOf = (describe: RulesetNaming['describe']) =>
    new Phraser(
      names,
      new SeatNames([], GENERIC_NAMING),
      { ...GENERIC_NAMING, describe },
      undefined,
    );

  it('lets the game’s words phrase its own events first, and falls back for the rest', () => {
    const phraser = phraserOf((e, lang) =>
      e.type === 'BombardmentResolved'
        ? lang === 'ru'
          ? 'Бомбардировка'
          : 'Bombardment'
        : undefined,
    );
    expect(phraser.phrase(event(1, 'BombardmentResolved', {}), 'ru')).toBe('Бомбардировка');
    expect(phraser.phrase(event(2, 'AllianceFormed', {}), 'en')).toBe('Alliance formed');
    expect(phraser.phrase(event(3, 'AllianceFormed', {}), 'ru')).toBe('Событие AllianceFormed');
  });

  it('reads the generic sentence when the game’s words throw', () => {
    const phraser = phraserOf(() => {
      throw new Error('bad hook');
    });
    expect(phraser.phrase(event(1, 'RoundStarted', { round: 3 }), 'en')).toBe('Round 3');
  });
});

describe('afterWho', () => {
  it('reads a sentence on from the name in the who column, never naming it twice', () => {
    expect(afterWho('Глеб оспаривает событие 117', 'Глеб')).toEqual({
      text: 'оспаривает событие 117',
      colon: false,
    });
    expect(afterWho('Глеб: запечатанный выбор раскрыт', 'Глеб')).toEqual({
      text: 'запечатанный выбор раскрыт',
      colon: true,
    });
    expect(afterWho('Анна, решение: движение', 'Анна')).toEqual({
      text: 'решение: движение',
      colon: true,
    });
  });

  it('sets off a sentence that does not open with the name, or only with a longer word', () => {
    expect(afterWho('Ева: отмена принята', '')).toEqual({
      text: 'Ева: отмена принята',
      colon: false,
    });
    expect(afterWho('Евангелие сыграно', 'Ева')).toEqual({
      text: 'Евангелие сыграно',
      colon: true,
    });
    expect(afterWho('Матч начался', 'Глеб', true)).toEqual({ text: 'матч начался', colon: true });
  });
});

describe('a log row under its seat', () => {
  const tableNames: NameIndex = {
    ...names,
    zones: new Map([['south', { en: 'South', ru: 'Юг' }]]),
    pieceTypes: new Map([
      ['t1', 'tank'],
      ['t2', 'tank'],
    ]),
    pieceNames: new Map([
      ['t1', { en: 'Tank', ru: 'Танк' }],
      ['t2', { en: 'Tank', ru: 'Танк' }],
    ]),
    pieceOwners: new Map([
      ['t1', 'red'],
      ['t2', 'red'],
    ]),
  };
  const seats = new SeatNames([{ seat: 'red', player: 'Аня' }], GENERIC_NAMING);
  const event = (seq: number, type: string, data: object): RecordedEvent =>
    ({
      eventId: `e${seq}`,
      matchId: 'm',
      seq,
      type,
      data,
      meta: { actor: { kind: 'seat', id: 'red', seat: 'red' } },
    }) as unknown as RecordedEvent;

  it('puts a reported result under its reporter, not under the winner it reports', () => {
    const two = new SeatNames([{ seat: 'red' }, { seat: 'blue' }], GENERIC_NAMING);
    const phraser = new Phraser(tableNames, two, GENERIC_NAMING, undefined);
    const reported = event(1, 'BattleReported', { battle: 'b', by: 'blue', winner: 'red' });
    expect(phraser.subjectOf(reported)).toBe('blue');
    // A win with no reporter stands under the winner.
    expect(phraser.subjectOf(event(2, 'BattleSettled', { planet: 'p', winner: 'red' }))).toBe(
      'red',
    );
  });

  it('sets an impersonal sentence off by a colon, in lower case, never after the bare name', () => {
    const phraser = new Phraser(tableNames, seats, GENERIC_NAMING, undefined);
    const moved = event(1, 'PiecesMoved', { pieces: ['t1', 't2'], to: 'south' });
    expect(phraser.subjectOf(moved)).toBe('red');
    expect(phraser.logRow(moved, 'ru', 'Аня')).toEqual({
      text: 'перемещены 2 фигуры: Танк ×2 → Юг',
      colon: true,
    });
    // A sentence opening with a piece's name keeps its capital.
    const changed = event(2, 'PieceChanged', { piece: 't1', status: 'damaged' });
    expect(phraser.logRow(changed, 'ru', 'Аня').text).toMatch(/^Танк: /);
    // A decision under its seat reads on from the name, as what the seat did.
    const decided = event(3, 'DecisionMade', {
      decisionId: 'd',
      kind: 'move',
      seat: 'red',
      params: { pieces: ['t1'], to: 'south' },
    });
    expect(phraser.logRow(decided, 'ru', 'Аня')).toEqual({
      text: 'перемещает Танк → Юг',
      colon: false,
    });
  });

  it('keeps a ruleset’s own sentence as its words write it, rulebook terms capitalized', () => {
    const rex = new Phraser(names, seats, rulesetNaming('rex'), undefined);
    const plan = event(4, 'BattlePlanRevealed', { seat: 'red', plan: { dial: 3, slot: 'none' } });
    expect(rex.logRow(plan, 'ru', 'Аня')).toEqual({
      text: expect.stringMatching(/^Колесо Битвы \(Аня\): число 3/),
      colon: true,
    });
  });
});

describe('a piece hidden from the reader', () => {
  const catalog = [
    { id: 'strategy-card', name: { en: 'Strategy card', ru: 'Карта Стратегии' } },
    { id: 'traitor-card', name: { en: 'Traitor card', ru: 'Карта Предателя' } },
    { id: 'troop', name: { en: 'Troop', ru: 'Войско' } },
    { id: 'troop-mechanized', name: { en: 'Mechanized troop', ru: 'Механизированное Войско' } },
  ];
  const phraser = new Phraser(
    names,
    new SeatNames([{ seat: 'sol' }], GENERIC_NAMING),
    GENERIC_NAMING,
    {
      catalog,
    },
  );

  it('is named by the one catalog type its id begins with, never by its id', () => {
    expect(phraser.pieceName('strategy:18', 'ru')).toBe('Карта Стратегии');
    expect(phraser.pieceName('traitor:sol:3', 'en')).toBe('Traitor card');
    // In a decision's params too (another seat's Traitor called, its card unseen).
    expect(phraser.paramsText({ traitor: 'traitor:sol:3' }, 'ru')).toBe('Карта Предателя');
  });

  it('keeps its id when the prefix names no type, or more than one', () => {
    expect(phraser.pieceName('mine:4', 'ru')).toBe('mine:4');
    expect(phraser.pieceName('troop:sol:2', 'ru')).toBe('troop:sol:2');
  });
});
