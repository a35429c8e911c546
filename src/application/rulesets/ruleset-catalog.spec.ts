import { Type } from 'class-transformer';
import { IsString, ValidateNested } from 'class-validator';
import { RULESETS } from '../../domain/rulesets';
import { freeformRuleset } from '../../domain/rulesets/freeform/freeform.ruleset';
import type { Ruleset } from '../../domain/rulesets/ruleset';
import { coinRaceRuleset } from '../../domain/rulesets/template/coin-race.ruleset';
import { createRulesetRegistry } from './ruleset-catalog';

/** A game whose decision takes `params` (a class named as the caller wishes). */
function gameWith(id: string, params: new () => object): Ruleset {
  return {
    ...freeformRuleset,
    id,
    decisions: {
      act: {
        summary: { en: 'Act', ru: 'Действие' },
        params: params as new () => never,
        turn: 'any',
        decide: () => [],
      },
    },
  };
}

/** A params class named `root` whose nested member's class is named `nested`. */
function paramsClasses(root: string, nested: string): new () => object {
  class Nested {
    @IsString()
    note!: string;
  }
  Object.defineProperty(Nested, 'name', { value: nested });
  class Params {
    @ValidateNested()
    @Type(() => Nested)
    nested!: Nested;
  }
  Object.defineProperty(Params, 'name', { value: root });
  return Params;
}

describe('the ruleset registry the server starts with', () => {
  it('starts with every game', () => {
    expect(
      createRulesetRegistry(RULESETS)
        .list()
        .map((r) => r.id),
    ).toEqual([
      'freeform',
      'commanders-path',
      'rex',
      'combat-commander',
      'sw-strategic',
      'galaxy-league',
    ]);
  });

  it('refuses two games whose params classes share a name, naming both', () => {
    const a = gameWith('game-a', paramsClasses('ActA', 'NoteParams'));
    const b = gameWith('game-b', paramsClasses('ActB', 'NoteParams'));
    expect(() => createRulesetRegistry([a, b])).toThrow(
      /game-a decision act and game-b decision act are both named NoteParams/,
    );
  });

  it('accepts one params class shared by two decisions', () => {
    const shared = paramsClasses('SharedAct', 'SharedNote');
    expect(() =>
      createRulesetRegistry([gameWith('game-c', shared), gameWith('game-d', shared)]),
    ).not.toThrow();
  });

  it('refuses a ruleset id registered twice', () => {
    expect(() => createRulesetRegistry([freeformRuleset, freeformRuleset])).toThrow(
      /registered twice/,
    );
  });
});

describe('the template game', () => {
  it('registers beside every game without a params class clash', () => {
    expect(() => createRulesetRegistry([...RULESETS, coinRaceRuleset as Ruleset])).not.toThrow();
  });
});
