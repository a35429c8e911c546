import { validateParams } from '../rulesets/validate-params';
import { deleteOwn, hasOwn, own, ownOrSet, reservedKeys, setOwn, type IdRecord } from './id-record';
import { IsId } from './safe-text';

const MEMBER_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('id records', () => {
  it.each(MEMBER_NAMES)('finds nothing for %s in an empty record', (id) => {
    const record: IdRecord<{ zone: string }> = {};
    expect(own(record, id)).toBeUndefined();
    expect(hasOwn(record, id)).toBe(false);
    expect(own(undefined, id)).toBeUndefined();
  });

  it.each(MEMBER_NAMES)('stores %s as an own entry, never as the prototype', (id) => {
    const record: IdRecord<{ zone: string }> = {};
    setOwn(record, id, { zone: 'north' });
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toEqual([id]);
    expect(own(record, id)).toEqual({ zone: 'north' });
    expect(({} as Record<string, unknown>).zone).toBeUndefined();
    // It survives the ways states are copied and stored.
    for (const copy of [structuredClone(record), { ...record }, JSON.parse(JSON.stringify(record))])
      expect(own(copy as IdRecord<{ zone: string }>, id)).toEqual({ zone: 'north' });
    deleteOwn(record, id);
    expect(Object.keys(record)).toEqual([]);
    expect(typeof Object.prototype.toString).toBe('function');
  });

  it('creates an entry once with ownOrSet, and deleteOwn leaves inherited members alone', () => {
    const record: IdRecord<string[]> = {};
    ownOrSet(record, 'toString', () => []).push('a');
    ownOrSet(record, 'toString', () => []).push('b');
    expect(own(record, 'toString')).toEqual(['a', 'b']);
    deleteOwn(record, 'hasOwnProperty');
    expect(typeof Object.prototype.hasOwnProperty).toBe('function');
  });
});

describe('keys validation would drop silently (reservedKeys)', () => {
  const pathsOf = (value: unknown) => reservedKeys(value).map((key) => key.path);

  it('finds keys that name inherited members at any depth, array items included', () => {
    expect(pathsOf({ a: { toString: 1 }, list: [{ constructor: 2 }], ok: { x: 1 } })).toEqual([
      'a.toString',
      'list.0.constructor',
    ]);
    expect(pathsOf(JSON.parse('{"x": {"__proto__": {"y": 1}}}'))).toEqual(['x.__proto__']);
  });

  it('finds keys named prototype at any depth, saying why they are refused', () => {
    expect(reservedKeys({ x: { prototype: 1 } })).toEqual([
      {
        path: 'x.prototype',
        messages: [expect.stringMatching(/^x\.prototype .*prototype.*drop.*choose another key$/)],
        localized: [
          {
            en: expect.stringMatching(/^x\.prototype /) as unknown,
            ru: 'Поле «x.prototype»: это имя зарезервировано, выберите другое',
          },
        ],
      },
    ]);
    expect(pathsOf({ prototype: { a: [{ b: { prototype: null } }] } })).toEqual([
      'prototype',
      'prototype.a.0.b.prototype',
    ]);
    expect(reservedKeys({ toString: 1 })[0].messages[0]).toMatch(
      /^toString names a member every object has .*choose another key$/,
    );
  });

  it('finds nothing in ordinary values: array indices, prototype as a value, look-alike keys', () => {
    expect(
      pathsOf({
        list: ['prototype', 'constructor'],
        prototypes: 1,
        Prototype: 2,
        name: 'prototype',
      }),
    ).toEqual([]);
    for (const value of [null, 1, 'prototype', [], {}]) expect(pathsOf(value)).toEqual([]);
  });

  it('makes params validation refuse them (400 naming the path) before anything else runs', () => {
    class Params {
      @IsId() piece!: string;
    }
    expect(validateParams(Params, { piece: 'c1', hasOwnProperty: 1 }, 'Params')).toMatchObject({
      ok: false,
      rejection: { errors: [{ path: 'hasOwnProperty' }] },
    });
    expect(validateParams(Params, { piece: 'c1', prototype: 1 }, 'Params')).toMatchObject({
      ok: false,
      rejection: {
        message: expect.stringContaining('prototype'),
        errors: [{ path: 'prototype' }],
      },
    });
    // Never a megabyte of them: the first MAX_REPORTED_FIELD_ERRORS, and how many more.
    const many = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`k${i}`, { prototype: i }]),
    );
    const refused = validateParams(Params, { piece: 'c1', ...many }, 'Params');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.rejection.errors).toHaveLength(20);
    expect(refused.rejection.message).toMatch(/and 10 more not listed$/);
  });
});
