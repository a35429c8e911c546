import { ChangeTrackParams, ZoneParams } from '../rulesets/kit/table-decisions.params';
import { validateParams } from '../rulesets/validate-params';
import { fastAccept } from './fast-accept';

describe('IsNestedObject: a member that holds one nested DTO', () => {
  const refusals = (dto: new () => object, raw: unknown) => {
    const result = validateParams(dto, raw, 'params');
    // Path and English messages; the Russian ones are schema-messages.spec's.
    return result.ok
      ? []
      : result.rejection.errors.map(({ path, messages }) => ({ path, messages }));
  };

  it.each([
    ['an empty array', []],
    ['an array of valid texts', [{ en: 'Gold', ru: 'Золото' }]],
    ['a string', 'Gold'],
    ['a number', 7],
    ['true', true],
  ])('refuses %s where one object is declared, naming the member', (_, name) => {
    const raw = { track: 'move', delta: 1, name };
    expect(refusals(ChangeTrackParams, raw)).toContainEqual({
      path: 'name',
      messages: expect.arrayContaining(['name must be an object']),
    });
    // The compiled fast path leaves it to the slow one, which refuses it.
    expect(fastAccept(ChangeTrackParams, raw)).toBeUndefined();
  });

  it('refuses an array for a zone name too (ZoneParams.name)', () => {
    expect(refusals(ZoneParams, { id: 'north', kind: 'sector', name: [] })).toEqual([
      { path: 'name', messages: ['name must be an object'] },
    ]);
  });

  it('still takes one valid object, and no member at all where it is optional', () => {
    const named = { track: 'move', delta: 1, name: { en: 'Moves', ru: 'Ходы' } };
    expect(refusals(ChangeTrackParams, named)).toEqual([]);
    expect(fastAccept(ChangeTrackParams, named)).toEqual(named);
    expect(refusals(ChangeTrackParams, { track: 'move', delta: 1 })).toEqual([]);
  });

  it('still checks the nested object itself', () => {
    expect(refusals(ChangeTrackParams, { track: 'move', name: { en: 'Moves' } })).toEqual([
      { path: 'name.ru', messages: expect.arrayContaining([expect.stringMatching(/^ru /)]) },
    ]);
  });
});
