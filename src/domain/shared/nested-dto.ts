import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';

/**
 * class-validator: the property holds ONE nested DTO of `type`, built as one by
 * class-transformer and validated as one. @ValidateNested alone walks an array as readily as
 * an object (so `[]` would pass where one object is declared) and says nothing of strings or
 * numbers beyond its own wording; @IsObject refuses all of them, naming the member. The one
 * way to declare such a member (nested-members.spec checks every DTO the app validates);
 * arrays of DTOs keep `@IsArray() @ValidateNested({ each: true }) @Type(...)`.
 */
export function IsNestedObject(type: () => new () => object): PropertyDecorator {
  const decorators: PropertyDecorator[] = [IsObject(), ValidateNested(), Type(type)];
  return (target, propertyKey) => {
    for (const decorator of decorators) decorator(target, propertyKey);
  };
}
