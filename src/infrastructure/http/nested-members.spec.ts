import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { requestDtos, rulesetDtos, type Dto } from '@test/support/validated-dtos';
import { CreateMatchDto } from './matches/matches.dto';

/**
 * class-validator's @ValidateNested walks an array as readily as an object, so a member
 * declared as ONE nested DTO accepts `[]` (and every array of valid items) unless something
 * also checks that it is an object. For every DTO class the app validates, every member with
 * nested validation must carry that check (IsNestedObject), and each member declared an array
 * of them the same check of each item (IsNestedObjects).
 */
describe('members that hold one nested DTO', () => {
  const dtos = [...new Set([...requestDtos(), ...rulesetDtos().dtos])];

  /** `Class.member` for each such member without an object check, also in the nested classes. */
  function withoutObjectCheck(dto: Dto, seen = new Set<Dto>()): string[] {
    if (seen.has(dto)) return [];
    seen.add(dto);
    const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false);
    const missing: string[] = [];
    for (const property of new Set(rules.map((rule) => rule.propertyName))) {
      const own = rules.filter((rule) => rule.propertyName === property);
      if (!own.some((rule) => rule.type === ValidationTypes.NESTED_VALIDATION)) continue;
      const type = defaultMetadataStorage.findTypeMetadata(dto, property);
      const nested = type?.typeFunction({ newObject: {}, object: {}, property }) as unknown;
      if (typeof nested === 'function') missing.push(...withoutObjectCheck(nested as Dto, seen));
      // An array's items are walked as the array is: each must be checked to be an object
      // too, or `[[]]` passes as an array of them (IsNestedObjects).
      const each = Reflect.getMetadata('design:type', dto.prototype, property) === Array;
      if (!own.some((rule) => rule.name === 'isObject' && Boolean(rule.each) === each))
        missing.push(`${dto.name}.${property}`);
    }
    return missing;
  }

  it('finds the nested members of the classes the app validates', () => {
    expect(dtos).toContain(CreateMatchDto);
    const nested = dtos.filter((dto) =>
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', false, false)
        .some(
          (rule) =>
            rule.type === ValidationTypes.NESTED_VALIDATION &&
            Reflect.getMetadata('design:type', dto.prototype, rule.propertyName) !== Array,
        ),
    );
    expect(nested.length).toBeGreaterThan(5);
  });

  it('refuses anything but an object for each of them', () => {
    expect([...new Set(dtos.flatMap((dto) => withoutObjectCheck(dto)))]).toEqual([]);
  });
});
