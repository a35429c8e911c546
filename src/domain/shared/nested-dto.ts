import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import type { LocalizedText } from './localized-text';

/** Why an item of an array of nested DTOs was refused; class-validator fills in `$property`. */
export const EACH_ITEM_AN_OBJECT: LocalizedText = {
  en: 'each value in $property must be an object',
  ru: 'каждое значение в $property должно быть объектом',
};

/**
 * class-validator: the property holds ONE nested DTO of `type`, built as one by
 * class-transformer and validated as one. @ValidateNested alone walks an array as readily as
 * an object (so `[]` would pass where one object is declared) and says nothing of strings or
 * numbers beyond its own wording; @IsObject refuses all of them, naming the member. The one
 * way to declare such a member (nested-members.spec checks every DTO the app validates);
 * arrays of DTOs are declared `@IsArray() @IsNestedObjects(...)`.
 */
export function IsNestedObject(type: () => new () => object): PropertyDecorator {
  const decorators: PropertyDecorator[] = [IsObject(), ValidateNested(), Type(type)];
  return (target, propertyKey) => {
    for (const decorator of decorators) decorator(target, propertyKey);
  };
}

/**
 * class-validator: each item of the (array) property is ONE nested DTO of `type`. For an
 * array, @ValidateNested walks each item the way it walks the member, so an item that is
 * itself an array is walked in turn and `[[]]` (or `[[[[]]]]`) would pass as an array of
 * seats: @IsObject on each item refuses it, naming the member. The one way to declare such a
 * member, beside an @IsArray (nested-members.spec checks every DTO the app validates).
 */
export function IsNestedObjects(type: () => new () => object): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    IsObject({
      each: true,
      message: EACH_ITEM_AN_OBJECT.en,
      context: { ru: EACH_ITEM_AN_OBJECT.ru },
    }),
    ValidateNested({ each: true }),
    Type(type),
  ];
  return (target, propertyKey) => {
    for (const decorator of decorators) decorator(target, propertyKey);
  };
}
