/**
 * Canonical JSON per RFC 8785 (JCS): object keys sorted by UTF-16 code units, no
 * whitespace, numbers in ECMAScript shortest form, strings escaped as JSON.stringify does.
 * The hash chain and sealed-decision commitments are computed over this text, so any
 * other implementation of JCS reproduces our hashes.
 */
export function canonicalJson(value: unknown): string {
  return serialize(value, []);
}

/**
 * `path` holds the keys and indexes down to `value`, pushed and popped as the walk goes (every
 * event is hashed through here, so no path text is built unless a value is refused).
 */
function serialize(value: unknown, path: (string | number)[]): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) {
        throw new TypeError(
          `canonicalJson: ${pathText(path)} is ${value}, which JSON cannot represent`,
        );
      }
      // ECMAScript Number::toString is exactly the JCS number form (and -0 prints as 0).
      return String(value);
    case 'string':
      assertWellFormed(value, path);
      return JSON.stringify(value);
    case 'object':
      return Array.isArray(value)
        ? serializeArray(value, path)
        : serializeObject(value as Record<string, unknown>, path);
    default:
      throw new TypeError(
        `canonicalJson: ${pathText(path)} is a ${typeof value}, which JSON cannot represent`,
      );
  }
}

function serializeArray(array: unknown[], path: (string | number)[]): string {
  let text = '[';
  for (let i = 0; i < array.length; i += 1) {
    const item = array[i];
    path.push(i);
    text += `${i === 0 ? '' : ','}${serialize(item === undefined ? null : item, path)}`;
    path.pop();
  }
  return `${text}]`;
}

function serializeObject(object: Record<string, unknown>, path: (string | number)[]): string {
  if (typeof (object as { toJSON?: unknown }).toJSON === 'function') {
    return serialize((object as { toJSON(): unknown }).toJSON(), path);
  }
  // Default sort compares UTF-16 code units, which is what RFC 8785 prescribes.
  const keys = Object.keys(object).sort();
  let text = '{';
  let separator = '';
  for (const key of keys) {
    const member = object[key];
    if (member === undefined) continue;
    assertWellFormed(key, path);
    path.push(key);
    text += `${separator}${JSON.stringify(key)}:${serialize(member, path)}`;
    path.pop();
    separator = ',';
  }
  return `${text}}`;
}

function assertWellFormed(text: string, path: (string | number)[]): void {
  if (!text.isWellFormed()) {
    throw new TypeError(
      `canonicalJson: ${pathText(path)} contains a lone surrogate, which RFC 8785 forbids`,
    );
  }
}

/** `$.a.b[2]`, as the refusal messages name a value. */
function pathText(path: (string | number)[]): string {
  const steps = path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`));
  return `$${steps.join('')}`;
}
