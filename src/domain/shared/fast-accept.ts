import { TransformationType, type TypeHelpOptions } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage, ValidationTypes, type ValidationArguments } from 'class-validator';

/**
 * A compiled check in front of class-transformer and class-validator that only ever accepts.
 *
 * `plainToInstance` and `validate` walk every value through generic machinery (a deep copy
 * that looks up decorators per member, an executor that builds an error object per property,
 * a container lookup per constraint): 8-10% of a decision’s CPU in the bench profiles, for a
 * body of five members and params of two. Compiled once per DTO class from the same metadata,
 * this check calls each constraint's own `validate` directly and builds the instance as
 * class-transformer would. It answers the instance only when it is certain that the slow path
 * would accept the value and build a deep-equal instance, and `undefined` otherwise: then the
 * caller runs the slow path unchanged, which finds and words the errors. Whatever the fast
 * path does not replicate exactly (class-transformer's `@Transform`, `@Expose`, `@Exclude`,
 * discriminators; validation groups, schemas, async or Promise-returning constraints, promise
 * validation, a `@ValidateNested` without its `@Type`) makes it decline: for the whole class
 * when it shows in the metadata, for the value when it shows in the value.
 *
 * The instance holds copies of the value's arrays and objects (as class-transformer's does),
 * so what a caller does with it never reaches the parsed body.
 *
 * Decorators register their metadata when their class is defined, before any value can be
 * validated against it, so a class is compiled on first use and never again.
 */
export function fastAccept<P extends object>(dto: new () => P, raw: unknown): P | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const compiled = compiledDto(dto);
  return compiled ? (acceptObject(compiled, raw, 0) as P | undefined) : undefined;
}

/** Whether `dto` has a fast path (a class the compiler cannot replicate gets none). */
export function hasFastAccept(dto: new () => object): boolean {
  return compiledDto(dto) !== undefined;
}

/**
 * How deeply arrays and objects may nest for the fast path to take them: as deep as a body
 * may (json-body.parser's MAX_JSON_DEPTH). Deeper values, and cycles, go to the slow path.
 */
const MAX_DEPTH = 64;

type Dto = new () => object;
type Condition = (object: object, value: unknown) => boolean;
/** class-validator's ValidatorConstraintInterface, as far as the fast path calls it. */
interface ConstraintInstance {
  validate(value: unknown, args: ValidationArguments): unknown;
}

interface ConstraintCheck {
  /** `each: true`: an array's items are checked, not the array. */
  each: boolean;
  validateIf: Condition | undefined;
  /**
   * The arguments the constraints get, built once: `object` and `value` are set before each
   * call. Constraints answer synchronously (an answer that is a promise declines the value),
   * so no call sees another's.
   */
  args: ValidationArguments;
  instances: ConstraintInstance[];
}

interface CompiledProperty {
  name: string;
  /** `@IsOptional`, `@ValidateIf`: when any is false, the property is not checked at all. */
  conditions: Condition[];
  checks: ConstraintCheck[];
  /** `@ValidateNested` with `@Type`: the function that names the nested class. */
  nestedType: ((options: TypeHelpOptions) => unknown) | undefined;
  /**
   * Whether class-transformer builds a plain array for an array here: it builds one of the
   * reflected type, which is a plain array for `Array` (and for a type without `push`, but
   * those go to the slow path).
   */
  plainArrays: boolean;
}

interface CompiledDto {
  dto: Dto;
  properties: Map<string, CompiledProperty>;
}

/** Compiled classes; `null` for a class that gets no fast path. */
const compiledDtos = new WeakMap<Dto, CompiledDto | null>();

function compiledDto(dto: Dto): CompiledDto | undefined {
  let compiled = compiledDtos.get(dto);
  if (compiled === undefined) {
    compiled = compile(dto) ?? null;
    compiledDtos.set(dto, compiled);
  }
  return compiled ?? undefined;
}

type ValidationMetadata = ReturnType<
  ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']
>[number];

/** The class's fast path, or undefined when the class uses something it does not replicate. */
function compile(dto: Dto): CompiledDto | undefined {
  // A built-in (String, Date, Map, Buffer, ...) as a nested type is converted by
  // class-transformer in its own ways: only classes written as classes are compiled.
  if (!/^class\b/.test(Function.prototype.toString.call(dto))) return undefined;
  const storage = getMetadataStorage();
  // The rules class-validator's executor applies to an instance of `dto` when validating
  // without groups (it passes no schema for the top level and its parent's name when nested;
  // rules are kept by class, so the name selects nothing more).
  const rules = storage.getTargetValidationMetadatas(dto, '', false, false, undefined);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const rule of rules) {
    if (typeof rule.target === 'string' || (rule.groups?.length ?? 0) > 0) return undefined;
    const list = byProperty.get(rule.propertyName);
    if (list) list.push(rule);
    else byProperty.set(rule.propertyName, [rule]);
  }
  if (hasUnreplicatedTransformation(dto, [...byProperty.keys()])) return undefined;

  const properties = new Map<string, CompiledProperty>();
  for (const [name, propertyRules] of byProperty) {
    // class-transformer skips a member the prototype answers to (a getter, a method), and
    // assigning it could call a setter; Nest's pipe deletes every `prototype` key first.
    if (name in dto.prototype || name === 'prototype') return undefined;
    const property = compileProperty(dto, name, propertyRules);
    if (!property) return undefined;
    properties.set(name, property);
  }

  // class-transformer starts from `new dto()`: whatever its initializers set is validated and
  // whitelisted too. A member the class does not declare would fail every value; a function
  // would make class-transformer skip the member; a nested default would not have been built
  // by this compiler.
  const probe = new dto() as Record<string, unknown>;
  for (const key of Object.keys(probe)) {
    const property = properties.get(key);
    if (!property || typeof probe[key] === 'function') return undefined;
    if (property.nestedType && probe[key] !== undefined) return undefined;
  }
  return { dto, properties };
}

function compileProperty(
  dto: Dto,
  name: string,
  rules: ValidationMetadata[],
): CompiledProperty | undefined {
  const storage = getMetadataStorage();
  const conditions: Condition[] = [];
  const checks: ConstraintCheck[] = [];
  let nested = false;
  for (const rule of rules) {
    switch (rule.type) {
      case ValidationTypes.CONDITIONAL_VALIDATION:
        conditions.push(rule.constraints[0] as Condition);
        break;
      case ValidationTypes.IS_DEFINED:
      case ValidationTypes.CUSTOM_VALIDATION: {
        const constraintClasses = storage.getTargetValidatorConstraints(rule.constraintCls);
        // validateSync skips async constraints and validate awaits them: no fast path agrees with both.
        if (constraintClasses.some((constraint) => constraint.async)) return undefined;
        checks.push({
          each: rule.each === true,
          validateIf: rule.validateIf as Condition | undefined,
          args: {
            targetName: dto.name,
            property: name,
            object: {},
            value: undefined,
            constraints: rule.constraints,
          },
          // Resolved once: class-validator looks each up in its container on every check.
          instances: constraintClasses.map(
            (constraint) => constraint.instance as ConstraintInstance,
          ),
        });
        break;
      }
      case ValidationTypes.NESTED_VALIDATION:
        nested = true;
        break;
      case ValidationTypes.WHITELIST:
        break;
      default:
        // PROMISE_VALIDATION and anything newer.
        return undefined;
    }
  }
  const type = defaultMetadataStorage.findTypeMetadata(dto, name);
  if (nested !== (type !== undefined)) return undefined;
  if (type) {
    // A discriminator picks the class by a member and deletes it; a Map or Set changes
    // what class-transformer builds.
    if (type.options?.discriminator || !type.typeFunction) return undefined;
    if (type.reflectedType === Map || type.reflectedType === Set) return undefined;
  }
  return {
    name,
    conditions,
    checks,
    nestedType: type ? (options) => type.typeFunction(options) : undefined,
    plainArrays: type?.reflectedType === Array,
  };
}

/** Whether class-transformer would do more with the class than copy its declared members. */
function hasUnreplicatedTransformation(dto: Dto, names: string[]): boolean {
  if (defaultMetadataStorage.getStrategy(dto) !== 'none') return true;
  if (defaultMetadataStorage.getExposedMetadatas(dto).length > 0) return true;
  if (defaultMetadataStorage.getExcludedMetadatas(dto).length > 0) return true;
  return names.some(
    (name) =>
      defaultMetadataStorage.findTransformMetadatas(dto, name, TransformationType.PLAIN_TO_CLASS)
        .length > 0,
  );
}

/**
 * `raw` as an instance of the compiled class, validated, or undefined. As class-transformer
 * does: a new instance, then each own enumerable member of `raw` in its order.
 */
function acceptObject(compiled: CompiledDto, raw: object, depth: number): object | undefined {
  if (depth > MAX_DEPTH || !isPlainObject(raw)) return undefined;
  const instance = new compiled.dto() as Record<string, unknown>;
  const members = raw as Record<string, unknown>;
  for (const key of Object.keys(members)) {
    const property = compiled.properties.get(key);
    if (property === undefined) return undefined;
    const value = property.nestedType
      ? nestedValue(property, members[key], instance, raw, depth + 1)
      : jsonCopy(members[key], depth + 1);
    if (value === undefined) return undefined;
    instance[key] = value;
  }
  for (const property of compiled.properties.values()) {
    if (!isValid(property, instance)) return undefined;
  }
  return instance;
}

/**
 * A `@ValidateNested` `@Type` member as class-transformer builds it and class-validator
 * validates it (each item of an array): undefined for anything the slow path would refuse or
 * build otherwise (a primitive, nested arrays, an array the type's reflection would not make
 * an array).
 */
function nestedValue(
  property: CompiledProperty,
  value: unknown,
  instance: object,
  raw: object,
  depth: number,
): unknown {
  if (value === null) return null;
  if (typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  // class-transformer asks for the type with these, once per member.
  const type = property.nestedType!({ newObject: instance, object: raw, property: property.name });
  if (typeof type !== 'function') return undefined;
  const compiled = compiledDto(type as Dto);
  if (!compiled) return undefined;
  if (!Array.isArray(value)) return acceptObject(compiled, value, depth);
  if (!property.plainArrays || !isPlainArray(value)) return undefined;
  const items: object[] = [];
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
    const accepted = acceptObject(compiled, item, depth + 1);
    if (accepted === undefined) return undefined;
    items.push(accepted);
  }
  return items;
}

/**
 * Whether class-validator's executor would find no fault with the member: its conditions,
 * then every constraint (each item with `each`), then, nested, a built instance (built
 * instances were validated as they were built; null or a default is refused).
 */
function isValid(property: CompiledProperty, instance: object): boolean {
  const value = (instance as Record<string, unknown>)[property.name];
  for (const condition of property.conditions) if (!condition(instance, value)) return true;
  for (const check of property.checks) {
    if (check.validateIf && !check.validateIf(instance, value)) continue;
    const args = check.args;
    args.object = instance;
    args.value = value;
    const each = check.each && Array.isArray(value);
    for (const constraint of check.instances) {
      if (!each) {
        if (!isTrue(constraint.validate(value, args))) return false;
        continue;
      }
      for (const item of value as unknown[])
        if (!isTrue(constraint.validate(item, args))) return false;
    }
  }
  if (property.nestedType && value !== undefined) return value !== null;
  return true;
}

/** A constraint's answer that class-validator takes as a pass without waiting for it. */
function isTrue(answer: unknown): boolean {
  return Boolean(answer) && !isPromise(answer);
}

/**
 * A copy of a JSON value as class-transformer copies an untyped member, or undefined when the
 * copy might differ from its: anything but JSON's types (undefined, functions, class
 * instances, objects without a prototype, sparse arrays), keys it drops or an inherited member would shadow (`__proto__`,
 * `constructor`, `toString`, ...), `prototype` (Nest's pipe deletes it first), or deeper than
 * MAX_DEPTH.
 */
function jsonCopy(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return null;
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    if (!isPlainArray(value)) return undefined;
    const copy: unknown[] = [];
    for (let index = 0; index < value.length; index++) {
      const item = jsonCopy(value[index], depth + 1);
      if (item === undefined) return undefined;
      copy.push(item);
    }
    return copy;
  }
  // class-transformer throws on an untyped object without a prototype.
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const copy: Record<string, unknown> = {};
  const members = value as Record<string, unknown>;
  for (const key of Object.keys(members)) {
    if (key === 'prototype' || key in Object.prototype) return undefined;
    const item = jsonCopy(members[key], depth + 1);
    if (item === undefined) return undefined;
    copy[key] = item;
  }
  return copy;
}

/** An object class-transformer reads as JSON's: no prototype, or Object's (a typed member's). */
function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** An array as JSON makes them: no holes (class-transformer would close them), no subclass. */
function isPlainArray(value: unknown[]): boolean {
  if (Object.getPrototypeOf(value) !== Array.prototype) return false;
  for (let index = 0; index < value.length; index++) if (!(index in value)) return false;
  return true;
}

/** class-validator's own test for a constraint's asynchronous answer. */
function isPromise(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
