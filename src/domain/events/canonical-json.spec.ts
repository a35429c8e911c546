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

  it('leaves out the members it is told to, at their level only', () => {
    const event = { meta: { hash: 'h', prevHash: 'p', hash2: 'x' }, data: { hash: 'kept' } };
    expect(canonicalJson(event, { meta: { hash: true } })).toBe(
      '{"data":{"hash":"kept"},"meta":{"hash2":"x","prevHash":"p"}}',
    );
    expect(canonicalJson(event, { data: true })).toBe(canonicalJson({ meta: event.meta }));
  });

  it('writes a key the same each time, escaped or not (its written form is memoised)', () => {
    const value = { 'a"b': 1, '\n': [{ 'a"b': 2 }], z: { '\n': 3 } };
    const expected = '{"\\n":[{"a\\"b":2}],"a\\"b":1,"z":{"\\n":3}}';
    expect(canonicalJson(value)).toBe(expected);
    expect(canonicalJson(value)).toBe(expected);
    expect(JSON.parse(expected)).toEqual(value);
  });

  it('prints Cyrillic text as itself and -0 as 0, and drops undefined members', () => {
    expect(canonicalJson({ b: 'Экзорцист', a: -0, c: undefined })).toBe('{"a":0,"b":"Экзорцист"}');
  });

  it('refuses values JSON cannot represent', () => {
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(/\$\.x is NaN/);
    expect(() => canonicalJson({ x: 1n })).toThrow(/bigint/);
    expect(() => canonicalJson({ x: '\ud800' })).toThrow(/lone surrogate/);
  });

  it('names where a refused value is, however deep', () => {
    expect(() => canonicalJson({ a: [1, { b: Number.POSITIVE_INFINITY }] })).toThrow(
      'canonicalJson: $.a[1].b is Infinity, which JSON cannot represent',
    );
    expect(() => canonicalJson([[() => 1]])).toThrow('canonicalJson: $[0][0] is a function');
    // A refused key is named by the object that holds it.
    expect(() => canonicalJson({ a: { ['x\udc00']: 1 } })).toThrow(
      'canonicalJson: $.a contains a lone surrogate',
    );
  });

  it('prints what JSON.stringify prints for the same value with its keys sorted', () => {
    // Seeded walk over the characters that take each path: plain, escaped, Cyrillic, emoji.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pieces = ['a', 'Щ', '"', '\\', '\n', '\u0001', '\u007f', '\u2028', '\ud83d\ude00', ' '];
    const text = () => Array.from({ length: next(6) }, () => pieces[next(pieces.length)]).join('');
    const valueOf = (depth: number): unknown => {
      switch (depth > 2 ? next(4) : next(6)) {
        case 0:
          return text();
        case 1:
          return next(3) === 0 ? -next(1000) / 7 : next(1_000_000);
        case 2:
          return next(2) === 0 ? null : next(2) === 0;
        case 3:
          return text();
        case 4:
          return Array.from({ length: next(4) }, () => valueOf(depth + 1));
        default:
          return Object.fromEntries(
            Array.from({ length: next(4) }, () => [text(), valueOf(depth + 1)]),
          );
      }
    };
    const sorted = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sorted)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.keys(value)
                .sort()
                .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
            )
          : value;
    for (let i = 0; i < 2_000; i += 1) {
      const value = { [text()]: valueOf(0), b: valueOf(0) };
      // No generated key is integer-like, so the sorted copy keeps its keys in sorted order.
      expect(canonicalJson(value)).toBe(JSON.stringify(sorted(value)));
    }
  });
});
