import { Exclude, Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Min,
  registerDecorator,
  ValidateNested,
} from 'class-validator';
import { fastAccept, hasFastAccept } from './fast-accept';
import { IsId } from './safe-text';

/** What the fast path takes, builds and leaves to the slow path (its equivalence: http/fast-accept.equivalence.spec). */

class Point {
  @IsInt()
  @Min(0)
  x!: number;
  @IsOptional()
  @IsId()
  label?: string;
}

class Move {
  @IsArray()
  @IsId({ each: true })
  pieces!: string[];
  @IsIn(['north', 'south'])
  to!: string;
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => Point)
  path?: Point[];
  @IsOptional()
  @IsObject()
  attrs?: Record<string, unknown>;
}

class WithDefault {
  @IsOptional()
  @IsInt()
  delay: number = 3;
}

class Empty {}

describe('fastAccept', () => {
  it('builds the instance class-transformer builds: the class, nested classes, copies of the rest', () => {
    const raw = {
      pieces: ['p1', 'p2'],
      to: 'north',
      path: [{ x: 1 }, { x: 2, label: 'a' }],
      attrs: { tags: ['x'], deep: { n: 1 } },
    };
    const accepted = fastAccept(Move, raw);
    expect(accepted).toBeInstanceOf(Move);
    expect(accepted!.path![1]).toBeInstanceOf(Point);
    expect(accepted).toEqual(raw);
    // Copies: what a caller does with the instance never reaches the parsed body.
    expect(accepted!.pieces).not.toBe(raw.pieces);
    expect(accepted!.attrs).not.toBe(raw.attrs);
    expect((accepted!.attrs as { deep: object }).deep).not.toBe(raw.attrs.deep);
  });

  it('keeps what the class initializes, and checks it', () => {
    expect(fastAccept(WithDefault, {})).toStrictEqual(Object.assign(new WithDefault(), {}));
    expect(fastAccept(WithDefault, { delay: 5 })?.delay).toBe(5);
    expect(fastAccept(WithDefault, { delay: 'x' })).toBeUndefined();
    expect(fastAccept(Empty, {})).toBeInstanceOf(Empty);
    expect(fastAccept(Empty, { a: 1 })).toBeUndefined();
  });

  it.each([
    ['an unknown member', { pieces: ['p1'], to: 'north', extra: 1 }],
    ['a missing member', { pieces: ['p1'] }],
    ['a wrong item', { pieces: ['p1', '__proto__'], to: 'north' }],
    ['a value out of the list', { pieces: ['p1'], to: 'west' }],
    ['a nested fault', { pieces: ['p1'], to: 'north', path: [{ x: -1 }] }],
    ['a nested unknown member', { pieces: ['p1'], to: 'north', path: [{ x: 1, y: 2 }] }],
    ['null for a nested list', { pieces: ['p1'], to: 'north', path: [null] }],
    ['an inherited member name', { pieces: ['p1'], to: 'north', attrs: { toString: 1 } }],
    ['a prototype key', { pieces: ['p1'], to: 'north', attrs: { prototype: 1 } }],
    ['an undefined member', { pieces: ['p1'], to: 'north', attrs: undefined }],
    ['a class instance', { pieces: ['p1'], to: 'north', attrs: { at: new Date(0) } }],
    // eslint-disable-next-line no-sparse-arrays
    ['a sparse array', { pieces: ['p1', , 'p2'], to: 'north' }],
    ['an own __proto__', JSON.parse('{"__proto__": {}, "pieces": ["p1"], "to": "north"}')],
  ])('leaves %s to the slow path', (_, raw) => {
    expect(fastAccept(Move, raw)).toBeUndefined();
  });

  it('leaves values nested deeper than a body may be to the slow path', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 70; i++) deep = { d: deep };
    expect(fastAccept(Move, { pieces: ['p1'], to: 'north', attrs: deep })).toBeUndefined();
    let shallow: unknown = 1;
    for (let i = 0; i < 10; i++) shallow = { d: shallow };
    expect(fastAccept(Move, { pieces: ['p1'], to: 'north', attrs: shallow })).toBeDefined();
  });

  it('leaves a constraint that answers with a promise to the slow path', () => {
    class Later {
      @IsString()
      name!: string;
    }
    registerDecorator({
      target: Later,
      propertyName: 'name',
      validator: { validate: () => Promise.resolve(true) },
    });
    expect(hasFastAccept(Later)).toBe(true);
    expect(fastAccept(Later, { name: 'a' })).toBeUndefined();
  });

  it('gives no fast path to a class whose handling it does not replicate', () => {
    class Transformed {
      @Transform(({ value }: { value: unknown }) => Number(value))
      @IsInt()
      n!: number;
    }
    class Excluded {
      @Exclude()
      @IsString()
      secret!: string;
    }
    class Grouped {
      @IsString({ groups: ['admin'] })
      name!: string;
    }
    class Async {
      name!: string;
    }
    registerDecorator({
      target: Async,
      propertyName: 'name',
      async: true,
      validator: { validate: () => Promise.resolve(true) },
    });
    class NestedUntyped {
      @ValidateNested()
      point!: Point;
    }
    class Discriminated {
      @ValidateNested()
      @Type(() => Point, { discriminator: { property: 'kind', subTypes: [] } })
      point!: Point;
    }
    class WithGetter {
      @IsString()
      get name(): string {
        return 'a';
      }
    }
    class Undeclared {
      @IsString()
      name!: string;
      note = 'kept';
    }
    for (const dto of [
      Transformed,
      Excluded,
      Grouped,
      Async,
      NestedUntyped,
      Discriminated,
      WithGetter,
      Undeclared,
    ]) {
      expect([dto.name, hasFastAccept(dto)]).toEqual([dto.name, false]);
    }
  });
});
