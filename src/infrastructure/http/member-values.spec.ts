import { plainToInstance } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage, validateSync } from 'class-validator';
import { requestDtos, rulesetDtos, type Dto } from '@test/support/validated-dtos';
import { flattenValidationErrors } from '../../domain/rulesets/validate-params';
import { AddAnnotationDto } from './matches/annotations.dto';
import { CreateMatchDto } from './matches/matches.dto';

/**
 * Values of the wrong shape, sent to every member of every DTO class the app validates (the
 * request bodies and queries, every ruleset's params and setup, and the classes they nest):
 * each must be refused by that member's own rules, so that no code behind a DTO meets it.
 */
describe('every member of every validated DTO', () => {
  const dtos = reachable([...requestDtos(), ...rulesetDtos().dtos]);

  /** The classes and every class they nest, each once. */
  function reachable(roots: Dto[]): Dto[] {
    const found = new Set<Dto>();
    const visit = (dto: Dto): void => {
      if (found.has(dto)) return;
      found.add(dto);
      for (const member of membersOf(dto)) {
        const type = defaultMetadataStorage.findTypeMetadata(dto, member);
        const nested = type?.typeFunction({ newObject: {}, object: {}, property: member });
        if (
          typeof nested === 'function' &&
          /^class\b/.test(Function.prototype.toString.call(nested))
        )
          visit(nested as Dto);
      }
    };
    roots.forEach(visit);
    return [...found];
  }

  function membersOf(dto: Dto): string[] {
    return [
      ...new Set(
        getMetadataStorage()
          .getTargetValidationMetadatas(dto, '', false, false)
          .map((rule) => rule.propertyName),
      ),
    ];
  }

  function ruleNames(dto: Dto, member: string): string[] {
    return getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', false, false)
      .filter((rule) => rule.propertyName === member)
      .map((rule) => rule.name ?? rule.type);
  }

  /** The paths class-validator finds fault with when `member` holds `value` (all of them). */
  function faultsWith(dto: Dto, member: string, value: unknown): string[] {
    const instance = plainToInstance(dto, { [member]: value });
    const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true });
    return flattenValidationErrors(errors).map((error) => error.path);
  }

  /** `Class.member` for each member that accepts `value` (given as `valueOf(dto, member)`). */
  function accepting(
    select: (dto: Dto, member: string) => boolean,
    valueOf: () => unknown,
  ): string[] {
    return dtos.flatMap((dto) =>
      membersOf(dto)
        .filter((member) => select(dto, member))
        .filter((member) => !faultsWith(dto, member, valueOf()).includes(member))
        .map((member) => `${dto.name}.${member}`),
    );
  }

  it('walks the classes the app validates, nested ones too', () => {
    expect(dtos).toEqual(expect.arrayContaining([CreateMatchDto, AddAnnotationDto]));
    expect(dtos.length).toBeGreaterThan(100);
  });

  it('refuses null in every member (an optional member is left out, never null)', () => {
    expect(
      accepting(
        () => true,
        () => null,
      ),
    ).toEqual([]);
  });

  it('refuses null in an array member, named by its path (tags of a note)', () => {
    expect(faultsWith(AddAnnotationDto, 'tags', null)).toContain('tags');
    expect(faultsWith(AddAnnotationDto, 'tags', undefined)).not.toContain('tags');
  });

  it('refuses an array, or an array of arrays, as an item of an array of nested objects', () => {
    const arraysOfObjects = (dto: Dto, member: string) =>
      ruleNames(dto, member).includes('nestedValidation') &&
      Reflect.getMetadata('design:type', dto.prototype, member) === Array;
    expect(
      dtos.filter((dto) => membersOf(dto).some((m) => arraysOfObjects(dto, m))).length,
    ).toBeGreaterThan(5);
    for (const value of [[[]], [[[[]]]], [[{}]]])
      expect(accepting(arraysOfObjects, () => value)).toEqual([]);
  });

  describe('text', () => {
    const texts = (dto: Dto, member: string) => ruleNames(dto, member).includes('isString');
    // Long and short (members of a few characters, such as a hex, take only the short).
    it.each([
      ['a right-to-left override', 'claim \u202Eevil\u202C'],
      ['a right-to-left override, short', 'a\u202E'],
      ['an isolate', 'a\u2066b\u2069'],
      ['an isolate, short', '\u2067a'],
      ['NUL', 'x\u0000y'],
      ['NUL, short', 'a\u0000'],
      ['an escape', 'x\u001B[2Jy'],
      ['an escape, short', '\u001Ba'],
      ['a zero-width space outside a word', 'looks \u200Bsame'],
      ['a zero-width joiner, short', 'a\u200D'],
      ['a byte-order mark in front', '\uFEFFtext'],
      ['a byte-order mark in front, short', '\uFEFFa'],
    ])('refuses %s in every string member', (_what, text) => {
      expect(accepting(texts, () => text)).toEqual([]);
    });

    /**
     * Members that hold free JSON which the service hands to a ruleset as it is: the
     * ruleset's own params or setup DTO validates it (and is walked here too).
     */
    const HANDED_TO_A_RULESET = [
      'CreateMatchDto.options',
      'CreateMatchDto.setup',
      // A starting position: the engine's PositionParams and the game's `rules` (walked too).
      'CreateMatchDto.position',
      'DecisionDto.params',
      'DryRunDecisionDto.params',
      'CorrectiveDecisionDto.params',
      // The fields chosen so far, asked about and never recorded.
      'DecisionChoicesRequestDto.params',
      // A sealed choice's params are bound by its commitment: refused by its ruleset, it is
      // recorded void with them (see sealed-decider), never read as a decision.
      'RevealDto.params',
    ];

    it('refuses them in the names and texts of free JSON members (piece attributes)', () => {
      const freeJson = (dto: Dto, member: string) =>
        ruleNames(dto, member).includes('isObject') &&
        !defaultMetadataStorage.findTypeMetadata(dto, member) &&
        !HANDED_TO_A_RULESET.includes(`${dto.name}.${member}`);
      expect(
        dtos.filter((dto) => membersOf(dto).some((m) => freeJson(dto, m))).length,
      ).toBeGreaterThan(0);
      for (const value of [
        { note: 'a\u202Eb' },
        { ['a\u0000']: 1 },
        { nested: [{ deeper: '\u200Bx' }] },
      ])
        expect(accepting(freeJson, () => value)).toEqual([]);
    });
  });
});
