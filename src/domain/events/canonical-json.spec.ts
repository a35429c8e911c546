import { canonicalJson } from './canonical-json';

describe('canonicalJson (RFC 8785)', () => {
  it('reproduces the RFC 8785 section 3.2.2 example', () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],' +
        '"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
        '"literals":[null,true,false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units (RFC 8785 section 3.2.3 example)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    // Read the key order off the text: JSON.parse would move the integer-like key first.
    const keys = [...canonicalJson(input).matchAll(/"([^"]*)":/g)].map((m) =>
      JSON.parse(`"${m[1]}"`),
    );
    expect(keys).toEqual(['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
  });

  it('prints Cyrillic text as itself and -0 as 0, and drops undefined members', () => {
    expect(canonicalJson({ b: 'Экзорцист', a: -0, c: undefined })).toBe('{"a":0,"b":"Экзорцист"}');
  });

  it('refuses values JSON cannot represent', () => {
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(/\$\.x is NaN/);
    expect(() => canonicalJson({ x: 1n })).toThrow(/bigint/);
    expect(() => canonicalJson({ x: '\ud800' })).toThrow(/lone surrogate/);
  });
});
