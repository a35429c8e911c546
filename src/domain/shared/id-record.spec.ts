import { deleteOwn, hasOwn, own, ownOrSet, setOwn, type IdRecord } from './id-record';

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
