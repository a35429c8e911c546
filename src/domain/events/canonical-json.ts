/**
 * Canonical JSON per RFC 8785 (JCS): object keys sorted by UTF-16 code units, no
 * whitespace, numbers in ECMAScript shortest form, strings escaped as JSON.stringify does.
 * The hash chain and sealed-decision commitments are computed over this text, so any
 * other implementation of JCS reproduces our hashes.
 */
export function canonicalJson(value: unknown, omitted?: Omitted): string {
  try {
    return write(value, omitted);
  } catch (error) {
    if (!(error instanceof UnrepresentableValue)) throw error;
    throw new TypeError(`canonicalJson: ${pathText(error.path)} ${error.problem}`);
  }
}

/**
 * Members left out of the text, by key, level by level: `true` leaves the member out, an
 * object leaves out its members within it. The hash chain leaves out the hash itself (and a
 * committed secret) this way instead of copying each event without them.
 */
export interface Omitted {
  readonly [key: string]: true | Omitted;
}

/**
 * Strings JSON.stringify prints as they are between quotes: no quote, backslash, control
 * character or surrogate (which may be lone). Nearly every key and text of an event is one,
 * and every event is hashed through here.
 */
// eslint-disable-next-line no-control-regex -- control characters are what JSON must escape
const PRINTED_AS_IS = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/**
 * A value JSON cannot hold. Its path is filled in on the way out, key by key, so no path is
 * kept while the walk goes well.
 */
class UnrepresentableValue extends Error {
  readonly path: (string | number)[] = [];
  constructor(readonly problem: string) {
    super(problem);
  }
}

function write(value: unknown, omitted?: Omitted): string {
  switch (typeof value) {
    case 'string':
      return PRINTED_AS_IS.test(value) ? `"${value}"` : writeEscaped(value);
    case 'number':
      // ECMAScript Number::toString is exactly the JCS number form (and -0 prints as 0).
      if (Number.isFinite(value)) return String(value);
      throw new UnrepresentableValue(`is ${value}, which JSON cannot represent`);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? writeArray(value) : writeObject(value, omitted);
    default:
      throw new UnrepresentableValue(`is a ${typeof value}, which JSON cannot represent`);
  }
}

function writeEscaped(text: string): string {
  if (!text.isWellFormed()) {
    throw new UnrepresentableValue('contains a lone surrogate, which RFC 8785 forbids');
  }
  return JSON.stringify(text);
}

function writeArray(array: unknown[]): string {
  let text = '[';
  for (let i = 0; i < array.length; i += 1) {
    const item = array[i];
    if (i > 0) text += ',';
    try {
      text += item === undefined ? 'null' : write(item);
    } catch (error) {
      throw within(error, i);
    }
  }
  return `${text}]`;
}

function writeObject(object: object, omitted?: Omitted): string {
  if (typeof (object as { toJSON?: unknown }).toJSON === 'function') {
    return write((object as { toJSON(): unknown }).toJSON(), omitted);
  }
  // Default sort compares UTF-16 code units, which is what RFC 8785 prescribes. Keys are
  // often in order already (JSON written by this function, read back): no sort then.
  const keys = Object.keys(object);
  if (!inOrder(keys)) keys.sort();
  let text = '{';
  let separator = '';
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i];
    const member = (object as Record<string, unknown>)[key];
    if (member === undefined) continue;
    const omittedWithin = omitted?.[key];
    if (omittedWithin === true) continue;
    // A refused key is named by the path of the object that holds it.
    const name = memberName(key);
    try {
      text += `${separator}${name}:${write(member, omittedWithin)}`;
    } catch (error) {
      throw within(error, key);
    }
    separator = ',';
  }
  return `${text}}`;
}

function inOrder(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i += 1) if (keys[i - 1] > keys[i]) return false;
  return true;
}

/**
 * Keys as written, `"key"`, for the few hundred keys events use (a bounded memo: keys come
 * from stored data); others are written each time.
 */
const memberNames = new Map<string, string>();
const MEMBER_NAMES_KEPT = 4096;

function memberName(key: string): string {
  const known = memberNames.get(key);
  if (known !== undefined) return known;
  const name = PRINTED_AS_IS.test(key) ? `"${key}"` : writeEscaped(key);
  if (memberNames.size < MEMBER_NAMES_KEPT) memberNames.set(key, name);
  return name;
}

function within(error: unknown, step: string | number): unknown {
  if (error instanceof UnrepresentableValue) error.path.unshift(step);
  return error;
}

/** `$.a.b[2]`, as the refusal messages name a value. */
function pathText(path: (string | number)[]): string {
  const steps = path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`));
  return `$${steps.join('')}`;
}
