/**
 * Canonical JSON per RFC 8785 (JCS): object keys sorted by UTF-16 code units, no
 * whitespace, numbers in ECMAScript shortest form, strings escaped as JSON.stringify does.
 * The hash chain and sealed-decision commitments are computed over this text, so any
 * other implementation of JCS reproduces our hashes.
 */
export function canonicalJson(value: unknown): string {
  return serialize(value, '$');
}

function serialize(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) {
        throw new TypeError(`canonicalJson: ${path} is ${value}, which JSON cannot represent`);
      }
      // ECMAScript Number::toString is exactly the JCS number form (and -0 prints as 0).
      return String(value);
    case 'string':
      assertWellFormed(value, path);
      return JSON.stringify(value);
    case 'object':
      if (Array.isArray(value)) {
        return `[${value.map((item, i) => serialize(item === undefined ? null : item, `${path}[${i}]`)).join(',')}]`;
      }
      return serializeObject(value as Record<string, unknown>, path);
    default:
      throw new TypeError(
        `canonicalJson: ${path} is a ${typeof value}, which JSON cannot represent`,
      );
  }
}

function serializeObject(object: Record<string, unknown>, path: string): string {
  if (typeof (object as { toJSON?: unknown }).toJSON === 'function') {
    return serialize((object as { toJSON(): unknown }).toJSON(), path);
  }
  // Default sort compares UTF-16 code units, which is what RFC 8785 prescribes.
  const keys = Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort();
  const members = keys.map((key) => {
    assertWellFormed(key, path);
    return `${JSON.stringify(key)}:${serialize(object[key], `${path}.${key}`)}`;
  });
  return `{${members.join(',')}}`;
}

function assertWellFormed(text: string, path: string): void {
  if (!text.isWellFormed()) {
    throw new TypeError(`canonicalJson: ${path} contains a lone surrogate, which RFC 8785 forbids`);
  }
}
