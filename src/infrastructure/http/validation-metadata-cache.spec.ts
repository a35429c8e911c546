import { IsInt, IsString, ValidateNested, validateSync } from 'class-validator';
import { Type } from 'class-transformer';
import { cacheValidationMetadataLookups } from './validation-metadata-cache';

class Inner {
  @IsInt()
  count!: number;
}

class Outer {
  @IsString()
  name!: unknown;

  @ValidateNested()
  @Type(() => Inner)
  inner!: Inner;
}

class Derived extends Outer {
  @IsString()
  extra!: unknown;
}

function outer(values: Partial<Record<keyof Derived, unknown>>, of = Outer): Outer {
  return Object.assign(new of(), values);
}

const failing = (object: object) =>
  validateSync(object, { whitelist: true, forbidNonWhitelisted: true }).map((e) => e.property);

describe('cacheValidationMetadataLookups', () => {
  beforeAll(() => cacheValidationMetadataLookups());

  it('validates as class-validator does, again and again', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(
        failing(outer({ name: 'a', inner: Object.assign(new Inner(), { count: 1 }) })),
      ).toEqual([]);
      expect(
        failing(outer({ name: 1, inner: Object.assign(new Inner(), { count: 'x' }) })),
      ).toEqual(['name', 'inner']);
      expect(failing(outer({ name: 'a', extra: 'b' }))).toContain('extra');
      expect(failing(outer({ name: 'a', extra: 2, inner: new Inner() }, Derived))).toEqual(
        expect.arrayContaining(['extra', 'inner']),
      );
    }
  });

  it('honours a rule registered after the first lookup', () => {
    class Late {
      @IsString()
      first!: unknown;
      second!: unknown;
    }
    const late = Object.assign(new Late(), { first: 'a', second: 'b' });
    const rules = () =>
      validateSync(late, { whitelist: true, forbidNonWhitelisted: true }).map((e) =>
        Object.keys(e.constraints ?? {}),
      );
    expect(rules()).toEqual([['whitelistValidation']]); // not declared yet: refused as unknown
    IsInt()(Late.prototype, 'second');
    expect(rules()).toEqual([['isInt']]); // now declared, and not an integer
    expect(failing(Object.assign(new Late(), { first: 'a', second: 2 }))).toEqual([]);
  });

  it('patches the storage once however often it is called', () => {
    cacheValidationMetadataLookups();
    expect(failing(outer({ name: 'a', inner: Object.assign(new Inner(), { count: 1 }) }))).toEqual(
      [],
    );
  });
});
