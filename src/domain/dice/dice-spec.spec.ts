import { parseDiceSpec } from './index';

describe('parseDiceSpec', () => {
  it.each([
    ['3d6', [6, 6, 6]],
    ['d20', [20]],
    ['2d6+1d8', [6, 6, 8]],
    ['1D100', [100]],
    [' 2d6 + d4 ', [6, 6, 4]],
    ['100d2', Array(100).fill(2)],
    ['d1000', [1000]],
  ])('parses %j', (spec, sides) => {
    expect(parseDiceSpec(spec)).toEqual({ ok: true, sides });
  });

  it.each([
    ['0d6', 'count'],
    ['101d6', 'count'],
    ['d1', 'sides'],
    ['2d0', 'sides'],
    ['d1001', 'sides'],
    ['abc', 'syntax'],
    ['', 'syntax'],
    ['   ', 'syntax'],
    ['d', 'syntax'],
    ['3d', 'syntax'],
    ['2d6+', 'syntax'],
    ['2d6+3', 'syntax'],
    ['2d6-1d4', 'syntax'],
    ['-1d6', 'syntax'],
    ['1.5d6', 'syntax'],
    ['2d6+1d1', 'sides'],
    [Array(11).fill('100d6').join('+'), 'too-many-dice'],
  ])('refuses %j with a %s error', (spec, code) => {
    const result = parseDiceSpec(spec);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message.length).toBeGreaterThan(0);
    }
  });

  it('names the bad term', () => {
    expect(parseDiceSpec('2d6+d1')).toEqual({
      ok: false,
      error: { code: 'sides', term: 'd1', message: expect.stringContaining('2..1000') },
    });
  });
});
