import { validateParams } from '../rulesets/validate-params';
import { FREE_TEXT, ID_PATTERN, IsId, IsPlainText, isId, PLAIN_TEXT } from './safe-text';

describe('the id pattern', () => {
  it.each([
    'red',
    'red-c18',
    'fleet:red@sector:2',
    'leader:vera:1',
    'sector:1',
    'losses:red',
    'hand:blue',
    'orbit:p12',
    'new:north',
    'm1',
    'Север-1',
    '7',
    'card#3+1',
    'toString',
    'constructor',
    'x'.repeat(128),
  ])('accepts %s', (id) => expect(isId(id)).toBe(true));

  it.each([
    '',
    '__proto__',
    '_x',
    '-x',
    ':x',
    'a b',
    'a/b',
    'a\u0000b',
    'x\u202E',
    '\u2066x',
    'a\nb',
    'x'.repeat(129),
  ])('refuses %j', (id) => expect(ID_PATTERN.test(id)).toBe(false));

  it('is what params decorated with IsId are checked against, in the domain', () => {
    class Params {
      @IsId() piece!: string;
      @IsPlainText()
      name!: string;
    }
    expect(validateParams(Params, { piece: 'c1', name: 'Крейсер' }, 'Params')).toMatchObject({
      ok: true,
    });
    const refused = validateParams(Params, { piece: '__proto__', name: 'a\u202Eb' }, 'Params');
    expect(refused).toMatchObject({ ok: false });
    if (!refused.ok)
      expect(refused.rejection.errors.map((e) => e.path).sort()).toEqual(['name', 'piece']);
  });
});

describe('plain text', () => {
  it('accepts names in any script, refuses control and bidi-override characters', () => {
    for (const name of ['Клуб «Звезда»', 'Anna Petrova', '東京'])
      expect(PLAIN_TEXT.test(name)).toBe(true);
    for (const name of [
      'a\u0000',
      'a\u0007',
      'a\u202Ab',
      'a\u202E',
      'a\u2066',
      'a\u2069',
      'a\u0085',
    ])
      expect(PLAIN_TEXT.test(name)).toBe(false);
  });
});

describe('zero-width characters and free text', () => {
  const words = [
    'Zero\u200Bwidth',
    'می\u200Cخواهم',
    'क्\u200Dष',
    '👨\u200D👩\u200D👧',
    '🏳\uFE0F\u200D🌈',
    'a\uFEFFb',
  ];
  const outsideAWord = [
    '\u200Bstart',
    'end\u200B',
    'two \u200C words',
    'a\u200B\u200Bb',
    '\uFEFFbom',
    'a.\u200Db',
  ];

  it('accepts zero-width characters within a word or an emoji sequence, in names and free text', () => {
    for (const text of words) {
      expect(PLAIN_TEXT.test(text)).toBe(true);
      expect(FREE_TEXT.test(text)).toBe(true);
    }
  });

  it('refuses them anywhere else', () => {
    for (const text of outsideAWord) {
      expect(PLAIN_TEXT.test(text)).toBe(false);
      expect(FREE_TEXT.test(text)).toBe(false);
    }
  });

  it('lets free text span lines and hold tabs, and nothing else that a name refuses', () => {
    for (const text of ['Первая строка\nвторая', 'a\r\nb', 'столбец\tстолбец', 'Спор о ходе 12'])
      expect(FREE_TEXT.test(text)).toBe(true);
    for (const text of ['a\nb', 'a\tb', 'a\r\nb']) expect(PLAIN_TEXT.test(text)).toBe(false);
    for (const text of [
      'a\u0000b',
      'a\rb',
      'a\r',
      '\u202Eevil\u202C',
      'a\u202Ab',
      'a\u2066b\u2069',
      'a\u0085',
      'a\u001Bb',
      'a\u007F',
    ])
      expect(FREE_TEXT.test(text)).toBe(false);
  });
});
