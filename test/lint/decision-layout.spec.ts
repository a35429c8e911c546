import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { TABLE_SENTENCES } from '../../src/domain/naming/decision-sentences';
import { own } from '../../src/domain/shared/id-record';
import { GAMES } from '../../src/domain/rulesets/games';
import { TABLE_DECISIONS } from '../../src/domain/rulesets/kit';
import type { Game } from '../../src/domain/rulesets/game';
import type { DecisionSpec } from '../../src/domain/rulesets/ruleset';
import { COIN_RACE_GAME } from '../../src/domain/rulesets/template/coin-race.game';

const RULESETS_DIR = join(__dirname, '../../src/domain/rulesets');

/**
 * Issue 40: each decision kind's pieces sit together, grouped by phase. A game's
 * `decisions/<phase>.ts` holds the phase's specs, each with its summary, params, example,
 * params to try, field choices and decide; `<phase>.params.ts` its params classes and
 * `<phase>.sentences.ts` its decision sentences, beside it. Games still laid out the old way
 * (their pieces in maps keyed by kind at the folder's top) were regrouped one by one; the
 * list now holds every game of the manifest, which a test below keeps so.
 */
const REGROUPED: Record<string, Game> = {
  rex: gameIn('rex'),
  'commanders-path': gameIn('commanders-path'),
  'galaxy-league': gameIn('galaxy-league'),
  'combat-commander': gameIn('combat-commander'),
  'sw-strategic': gameIn('sw-strategic'),
  freeform: gameIn('freeform'),
  template: COIN_RACE_GAME,
};

function gameIn(folder: string): Game {
  const game = GAMES.find((g) => g.ruleset.id === folder);
  if (!game) throw new Error(`no game ${folder} in the manifest`);
  return game;
}

type Spec = DecisionSpec<unknown, never>;

const isSpec = (value: unknown): value is Spec =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Spec).decide === 'function' &&
  typeof (value as Spec).params === 'function';

/** What a module exports, loaded as the tests load it. */
function exportsOf(file: string): Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file) as Record<string, unknown>;
}

/** The phases of a game: `decisions/<phase>.ts`, its specs, its params and its sentences. */
function phasesOf(folder: string) {
  const dir = join(RULESETS_DIR, folder, 'decisions');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^[a-z-]+\.ts$/.test(name))
    .map((name) => {
      const phase = name.slice(0, -'.ts'.length);
      const groups = Object.values(exportsOf(join(dir, name))).filter(
        (value): value is Record<string, unknown> => typeof value === 'object' && value !== null,
      );
      const specs = Object.fromEntries(
        groups.flatMap((group) => Object.entries(group).filter(([, value]) => isSpec(value))),
      ) as Record<string, Spec>;
      const sentencesFile = join(dir, `${phase}.sentences.ts`);
      const sentences = existsSync(sentencesFile)
        ? Object.assign({}, ...Object.values(exportsOf(sentencesFile)))
        : {};
      const paramsClasses = readdirSync(dir)
        .filter((file) => file.endsWith('.params.ts'))
        .flatMap((file) => Object.values(exportsOf(join(dir, file))));
      return { phase, specs, sentences: sentences as Record<string, unknown>, paramsClasses };
    });
}

type Phase = ReturnType<typeof phasesOf>[number];

/** The table decisions' params (the kit's): a game's manual adjustments and freeform's result take them. */
const TABLE_PARAMS = Object.values(exportsOf(join(RULESETS_DIR, 'kit/table-decisions.params.ts')));

/**
 * What is out of place: a kind defined in no phase or in two, rewrapped at the top, its
 * sentence or its params elsewhere.
 */
function misplaced(game: Game, phases: readonly Phase[]): string[] {
  // The kit's table decisions (freeform offers them as they are) are the kit's pieces.
  const kinds = Object.keys(game.ruleset.decisions).filter(
    (kind) => game.ruleset.decisions[kind] !== own(TABLE_DECISIONS, kind),
  );
  const where = new Map<string, string[]>();
  for (const { phase, specs } of phases)
    for (const kind of Object.keys(specs)) where.set(kind, [...(where.get(kind) ?? []), phase]);
  return [
    ...kinds
      .filter((kind) => where.get(kind)?.length !== 1)
      .map((kind) => `${kind}: in ${where.get(kind)?.length ?? 0} phases`),
    ...[...where.keys()]
      .filter((kind) => !kinds.includes(kind))
      .map((kind) => `${kind}: not in the ruleset`),
    ...phases.flatMap(({ phase, specs, sentences, paramsClasses }) =>
      Object.entries(specs).flatMap(([kind, spec]) => [
        // The very object: no table at the folder's top adds an example, candidates or choices.
        ...(game.ruleset.decisions[kind] === spec ? [] : [`${kind}: rewrapped outside ${phase}`]),
        ...((sentences[kind] && game.sentences[kind] === sentences[kind]) ||
        // A kind on the kit's table params (freeform's result) may be said as the table's.
        (TABLE_PARAMS.includes(spec.params) &&
          !own(game.sentences, kind) &&
          own(TABLE_SENTENCES, kind))
          ? []
          : [`${kind}: sentence not in ${phase}.sentences.ts`]),
        ...(paramsClasses.includes(spec.params) || TABLE_PARAMS.includes(spec.params)
          ? []
          : [`${kind}: params ${spec.params.name} not in decisions/*.params.ts`]),
      ]),
    ),
  ];
}

describe('each decision kind’s pieces, together by phase (issue 40)', () => {
  it.each(Object.entries(REGROUPED))('keeps them together in %s', (folder, game) => {
    const phases = phasesOf(folder);
    expect(phases.length).toBeGreaterThan(0);
    expect(misplaced(game, phases)).toEqual([]);
  });

  it('checks every game of the manifest', () => {
    expect(Object.keys(REGROUPED).sort()).toEqual(
      [...GAMES.map((g) => g.ruleset.id), 'template'].sort(),
    );
  });

  it('sees a kind rewrapped at the top, without its sentence, or in no phase', () => {
    const rex = REGROUPED.rex;
    const phases = phasesOf('rex');
    const { move, ...decisions } = rex.ruleset.decisions;
    const { bid: _bid, ...sentences } = rex.sentences;
    const wrapped: Game = {
      ...rex,
      ruleset: {
        ...rex.ruleset,
        decisions: { ...decisions, move: { ...move, example: {} as never } },
      },
      sentences,
    };
    expect(misplaced(wrapped, phases).sort()).toEqual([
      'bid: sentence not in bidding.sentences.ts',
      'move: rewrapped outside maneuvers',
    ]);
    const { deploy: _deploy, ...fewer } = decisions;
    expect(misplaced({ ...rex, ruleset: { ...rex.ruleset, decisions: fewer } }, phases)).toEqual(
      expect.arrayContaining(['deploy: not in the ruleset', 'move: not in the ruleset']),
    );
  });
});
