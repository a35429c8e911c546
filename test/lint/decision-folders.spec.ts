import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAMES } from '../../src/domain/rulesets/games';

const RULESETS_DIR = join(__dirname, '../../src/domain/rulesets');

/**
 * The games whose decision kinds are regrouped by phase (issue 40): each kind's spec (summary,
 * params, example, choices, decide) in `<game>/decisions/<phase>.ts`, its params in
 * `<phase>.params.ts`, its sentence in `<phase>.sentences.ts` (or the spec's own). Still to
 * regroup: rex, commanders-path, freeform (and the template), sw-strategic; add each here once
 * it is.
 */
const REGROUPED = ['galaxy-league', 'combat-commander'];

/** The keys of a file's top-level object entries (prettier indents them by two spaces). */
function entryKeys(text: string): Set<string> {
  return new Set(
    [...text.matchAll(/^ {2}(?:'([^']+)'|([A-Za-z_$][\w$]*))\s*:/gm)].map((m) => m[1] ?? m[2]),
  );
}

const sourcesIn = (dir: string): string[] =>
  readdirSync(dir).filter((name) => name.endsWith('.ts') && !/\.(spec|testkit)\.ts$/.test(name));

/** Where each of a game's decision kinds is keyed: phase files, sentence files, the rest. */
function placesOf(game: string) {
  const dir = join(RULESETS_DIR, game);
  const decisions = join(dir, 'decisions');
  const read = (path: string) => readFileSync(path, 'utf8');
  const phases = existsSync(decisions)
    ? sourcesIn(decisions).filter((name) => !/\.(params|sentences)\.ts$/.test(name))
    : [];
  return {
    phases: phases.map((name) => ({
      phase: name.replace(/\.ts$/, ''),
      kinds: entryKeys(read(join(decisions, name))),
      sentences: existsSync(join(decisions, name.replace(/\.ts$/, '.sentences.ts')))
        ? entryKeys(read(join(decisions, name.replace(/\.ts$/, '.sentences.ts'))))
        : new Set<string>(),
    })),
    top: sourcesIn(dir).map((name) => ({ name, keys: entryKeys(read(join(dir, name))) })),
  };
}

describe('each decision kind’s pieces together, by phase (issue 40)', () => {
  it('reads the keys of a file’s top-level object entries, not nested ones', () => {
    const text = [
      'export const X = {',
      "  'end-turn': decision({",
      '    params: P,',
      '    example: { planet: 1 },',
      '  }),',
      '  research,',
      '  move: decision({}),',
      '};',
    ].join('\n');
    expect([...entryKeys(text)]).toEqual(['end-turn', 'move']);
  });

  for (const id of REGROUPED) {
    const game = GAMES.find((g) => g.ruleset.id === id)!;
    const { phases, top } = placesOf(id);

    it(`${id}: declares each decision kind in one phase file of decisions/, its sentence beside it`, () => {
      const misplaced = Object.keys(game.ruleset.decisions).flatMap((kind) => {
        const homes = phases.filter((p) => p.kinds.has(kind));
        if (homes.length !== 1) return [`${kind}: in ${homes.length} phase files`];
        const spec = game.ruleset.decisions[kind] as { sentence?: unknown };
        const sentenced = kind in game.sentences && spec.sentence === undefined;
        return sentenced && !homes[0].sentences.has(kind)
          ? [`${kind}: sentence not in decisions/${homes[0].phase}.sentences.ts`]
          : [];
      });
      expect(misplaced).toEqual([]);
    });

    it(`${id}: holds no table by decision kind outside decisions/ (examples, choices, sentences)`, () => {
      const kinds = Object.keys(game.ruleset.decisions);
      // A rule's or a term's key may share a kind's name; a table by kind keys many of them.
      const tables = top
        .map(({ name, keys }) => ({ name, keyed: kinds.filter((kind) => keys.has(kind)) }))
        .filter(({ keyed }) => keyed.length >= Math.max(2, kinds.length / 3))
        .map(({ name, keyed }) => `${name}: ${keyed.join(', ')}`);
      expect(tables).toEqual([]);
    });
  }
});
