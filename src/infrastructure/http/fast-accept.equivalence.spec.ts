import { ValidationPipe } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage, ValidationTypes, validateSync } from 'class-validator';
import { RULESETS } from '../../domain/rulesets';
import { fastAccept, hasFastAccept } from '../../domain/shared/fast-accept';
import { requestDtos, rulesetDtos, type Dto } from '@test/support/validated-dtos';
import { DecisionDto, DryRunDecisionDto, CreateMatchDto } from './matches/matches.dto';

/**
 * The fast path (domain/shared/fast-accept) may only ever accept what the slow path accepts,
 * building the same instance. For every DTO class the app validates (the controllers' body
 * and query DTOs, every ruleset's params and setup DTOs), valid values (from the published
 * examples and the class-validator rules) and their mutations go through the fast path and,
 * whenever it accepts, through both slow paths: Nest's ValidationPipe with the options of the
 * app's pipe, and validateParams' plainToInstance + validateSync.
 */

/** The share of slow-path-valid generated values the fast path must take (96.6% measured). */
const FAST_SHARE_OF_VALID = 0.9;
type Rule = ReturnType<
  ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']
>[number];

/** mulberry32: a seeded PRNG, so a failure is reproducible. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VALIDATOR_OPTIONS = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: false,
};
const slowPipe = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
});

function rulesByProperty(dto: Dto): Map<string, Rule[]> {
  const byProperty = new Map<string, Rule[]>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false)) {
    byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  }
  return byProperty;
}

/** A deep copy that keeps what matters here: prototypes (also null), holes, own `__proto__` keys. */
function clone(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) if (i in value) copy[i] = clone(value[i]);
    return copy;
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy = Object.create(prototype) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: clone((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function constraintValues(rules: Rule[], name: string): unknown[] {
  return rules.filter((rule) => rule.name === name).flatMap((rule) => rule.constraints ?? []);
}

/** Values that pass every rule of `property` on their own (checked by the slow path). */
function validCandidates(dto: Dto, property: string, rules: Rule[], depth: number): unknown[] {
  const swagger = Reflect.getMetadata('swagger/apiModelProperties', dto.prototype, property) as
    { example?: unknown } | undefined;
  const lengths = constraintValues(rules, 'isLength').filter((n) => typeof n === 'number');
  const numbers = [
    0,
    1,
    2,
    3,
    5,
    7,
    -1,
    1.5,
    ...constraintValues(rules, 'min'),
    ...constraintValues(rules, 'max'),
  ];
  const inLists = rules
    .filter((rule) => rule.name === 'isIn')
    .flatMap((rule) => rule.constraints[0] as unknown[]);
  const strings = [
    'a',
    'p1',
    'north',
    'red',
    'move',
    'Иван Петров',
    '2026-11-27T20:00:00Z',
    ...lengths.map((n) => 'x'.repeat(Math.max(1, n as number))),
    ...inLists,
  ];
  const atoms: unknown[] = [...strings, ...numbers, true, false, {}, { a: 1, b: ['x', 2] }];
  if (swagger?.example !== undefined) atoms.push(swagger.example);
  const type = defaultMetadataStorage.findTypeMetadata(dto, property);
  const nested =
    type && depth < 4
      ? (type.typeFunction({ newObject: {}, object: {}, property }) as Dto)
      : undefined;
  const nestedValues = nested ? validObjects(nested, depth + 1, 3) : [];
  const minSize = Math.max(0, ...(constraintValues(rules, 'arrayMinSize') as number[]));
  const arrays: unknown[] = [];
  for (const size of [minSize, minSize + 1, Math.max(minSize, 3)]) {
    arrays.push(Array.from({ length: size }, (_, i) => `p${i + 1}`));
    arrays.push(Array.from({ length: size }, (_, i) => i + 1));
    if (inLists.length > 0) arrays.push(inLists.slice(0, size));
    if (nestedValues.length > 0)
      arrays.push(Array.from({ length: size }, (_, i) => nestedValues[i % nestedValues.length]));
  }
  const candidates = [...atoms, ...arrays, ...nestedValues];
  return candidates.filter((candidate) => {
    const instance = plainToInstance(dto, { [property]: clone(candidate) });
    return !validateSync(instance, VALIDATOR_OPTIONS).some((error) => error.property === property);
  });
}

const validCache = new Map<Dto, unknown[]>();

/** Up to `count` objects built from each property's valid candidates (some may still fail cross-member rules). */
function validObjects(dto: Dto, depth: number, count: number): unknown[] {
  const cached = validCache.get(dto);
  if (cached) return cached.slice(0, count);
  const random = prng(depth * 7919 + dto.name.length);
  const rules = rulesByProperty(dto);
  const pools = new Map(
    [...rules].map(([property, propertyRules]) => [
      property,
      {
        optional: propertyRules.some(
          (rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION,
        ),
        values: validCandidates(dto, property, propertyRules, depth),
      },
    ]),
  );
  const objects: unknown[] = [];
  for (let n = 0; n < 24; n++) {
    const object: Record<string, unknown> = {};
    for (const [property, { optional, values }] of pools) {
      if (values.length === 0 || (optional && random() < 0.4)) continue;
      object[property] = clone(values[Math.floor(random() * values.length)]);
    }
    objects.push(object);
  }
  if (depth === 0) validCache.set(dto, objects);
  return objects.slice(0, count);
}

function deeplyNested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { down: value };
  return value;
}

const JUNK: (() => unknown)[] = [
  () => null,
  () => undefined,
  () => 42,
  () => -1,
  () => 1e308,
  () => 1.5,
  () => -0,
  () => Number.NaN,
  () => '',
  () => 'x'.repeat(300),
  () => 'bad\u0000name',
  () => '\u202Ebad',
  () => true,
  () => [],
  () => [null],
  () => [[1]],
  () => ({}),
  () => ({ junk: 1 }),
  () => [{}],
  () => [{ junk: 1 }],
  () => ({ toString: 1 }),
  () => JSON.parse('{"__proto__": {"polluted": 1}}') as unknown,
  () => ({ prototype: 1 }),
  () => ({ ok: { constructor: 'x' } }),
  () => Object.assign(Object.create(null) as object, { a: 1 }),
  () => new Date(0),
  // eslint-disable-next-line no-sparse-arrays
  () => [, 'a'],
  () => deeplyNested(70),
  () => ({ then: () => 1 }),
];

/** Mutations of a valid value: members dropped, added, replaced with junk, also inside nested values. */
function mutations(value: unknown, random: () => number, depth = 0): unknown[] {
  if (value === null || typeof value !== 'object' || depth > 3) return [];
  const out: unknown[] = [];
  if (Array.isArray(value)) {
    if (value.length === 0) return [[JUNK[Math.floor(random() * JUNK.length)]()]];
    const index = Math.floor(random() * value.length);
    for (const inner of mutations(value[index], random, depth + 1)) {
      const copy = clone(value) as unknown[];
      copy[index] = inner;
      out.push(copy);
    }
    const copy = clone(value) as unknown[];
    copy[index] = JUNK[Math.floor(random() * JUNK.length)]();
    out.push(copy, [...(clone(value) as unknown[]), clone(value[0])]);
    return out;
  }
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  for (const key of keys) {
    const dropped = clone(value) as Record<string, unknown>;
    delete dropped[key];
    out.push(dropped);
    for (let i = 0; i < 3; i++) {
      const replaced = clone(value) as Record<string, unknown>;
      replaced[key] = JUNK[Math.floor(random() * JUNK.length)]();
      out.push(replaced);
    }
    for (const inner of mutations(record[key], random, depth + 1).slice(0, 4)) {
      const copy = clone(value) as Record<string, unknown>;
      copy[key] = inner;
      out.push(copy);
    }
  }
  out.push({ ...(clone(value) as object), extra: 1 });
  out.push(Object.assign(Object.create(null) as object, clone(value)));
  out.push(
    JSON.parse(`{"__proto__": {"x": 1}, ${JSON.stringify(value).slice(1)}`.replace(/, }$/, '}')),
  );
  return out;
}

describe('the fast path accepts only what the slow paths accept, as they build it', () => {
  const requests = requestDtos();
  const { dtos: params, examples } = rulesetDtos();
  const all = [...new Set([...requests, ...params])];

  it('finds the classes the app validates', () => {
    expect(requests).toContain(DecisionDto);
    expect(requests).toContain(DryRunDecisionDto);
    expect(requests).toContain(CreateMatchDto);
    expect(requests.size).toBeGreaterThan(10);
    expect(params.size).toBeGreaterThan(40);
  });

  it('compiles the decision DTOs, every params DTO and every class but those with @Transform', () => {
    for (const dto of [DecisionDto, DryRunDecisionDto, CreateMatchDto])
      expect([dto.name, hasFastAccept(dto)]).toEqual([dto.name, true]);
    const moves = RULESETS.map((ruleset) => ruleset.decisions.move?.params).filter(Boolean);
    expect(moves.length).toBeGreaterThan(0);
    for (const dto of params) expect([dto.name, hasFastAccept(dto)]).toEqual([dto.name, true]);
    // What the fast path does not replicate: class-transformer's @Transform (query integers).
    const transformed = (dto: Dto) =>
      Object.keys(new dto()).some(
        (name) => defaultMetadataStorage.findTransformMetadatas(dto, name, 0).length > 0,
      ) ||
      [...rulesByProperty(dto).keys()].some(
        (name) => defaultMetadataStorage.findTransformMetadatas(dto, name, 0).length > 0,
      );
    const without = all.filter((dto) => !hasFastAccept(dto));
    expect(without.length).toBeGreaterThan(0);
    expect(without.filter((dto) => !transformed(dto)).map((dto) => dto.name)).toEqual([]);
  });

  it('agrees with both slow paths on valid values and their mutations', async () => {
    const random = prng(20261127);
    const counts = { values: 0, slowValid: 0, fastValid: 0, slowMutated: 0, fastMutated: 0 };
    const neverFast: string[] = [];
    /** Classes with a fast path for which no generated value was valid (so no acceptance was checked). */
    const untested: string[] = [];
    for (const dto of all) {
      const valid = [...(examples.get(dto) ?? []), ...validObjects(dto, 0, 24)];
      const mutated = valid.slice(0, 6).flatMap((value) => mutations(value, random));
      let classFast = 0;
      let classSlow = 0;
      for (const [index, value] of [...valid, ...mutated].entries()) {
        counts.values++;
        const input = clone(value);
        const fast = fastAccept(dto, input);
        // The fast path never changes what it was given.
        expect(input).toStrictEqual(clone(value));
        // class-transformer throws on some values no parser makes (an untyped object without a prototype).
        let instance: object | undefined;
        try {
          instance = plainToInstance(dto, clone(value));
        } catch {
          instance = undefined;
        }
        const slowValid =
          instance !== undefined && validateSync(instance, VALIDATOR_OPTIONS).length === 0;
        if (fast !== undefined) {
          expect([dto.name, value, slowValid]).toEqual([dto.name, value, true]);
          expect(fast).toStrictEqual(instance);
          const viaPipe = await slowPipe.transform(clone(value), { type: 'body', metatype: dto });
          expect(fast).toStrictEqual(viaPipe);
        }
        if (!hasFastAccept(dto) || !slowValid) continue;
        classSlow++;
        if (fast !== undefined) classFast++;
        const isValid = index < valid.length;
        counts[isValid ? 'slowValid' : 'slowMutated']++;
        if (fast !== undefined) counts[isValid ? 'fastValid' : 'fastMutated']++;
      }
      if (classSlow > 0 && classFast === 0) neverFast.push(dto.name);
      if (hasFastAccept(dto) && classSlow === 0) untested.push(dto.name);
    }
    expect(counts.values).toBeGreaterThan(5_000);
    expect(counts.slowValid).toBeGreaterThan(1_000);
    // The fast path engages: of the valid values the slow path takes, it takes nearly all (it
    // leaves the odd ones, such as an array where a nested object is declared, to the slow path).
    expect(counts.fastValid / counts.slowValid).toBeGreaterThan(FAST_SHARE_OF_VALID);
    expect(counts.fastMutated).toBeGreaterThan(0);
    expect(neverFast).toEqual([]);
    expect(untested).toEqual([]);
  });
});
