import { MatchHarness } from '@test/support/match-harness';
import { walkUntilEnd } from '@test/support/never-stuck-walk';
import { commandersPathRuleset } from './commanders-path.ruleset';
import type { CpState } from './cp-state';
import {
  ARENA_SIDES,
  arena,
  deckOf,
  SEATS,
  setupMatch,
  shipCard,
  type SideSetup,
} from './testing/cp-kit';

/**
 * Issue 45 item 5: no match gets stuck. From the first turn of a set-up match, seeded random
 * walks over what `legal-decisions` offers (examples and field choices) to both seats: at
 * every state reached some decision other than a concession is accepted, until the match
 * ends (a Commander lost, or a deck that cannot deal).
 */

/** Each side builds a cruiser and an object and deploys the cruiser to a new sector. */
const SIDES: Record<string, SideSetup> = {
  red: {
    deck: [
      ['exorcist', 2],
      ['test-eden', 1],
    ],
    build: [['exorcist'], ['test-eden']],
    deploy: { ships: [['exorcist', 'new']], commander: 'exorcist' },
  },
  blue: {
    ...ARENA_SIDES.blue,
    deck: [
      ['exorcist', 2],
      ['test-mine', 1],
    ],
    build: [['exorcist'], ['test-mine']],
    deploy: { ships: [['exorcist', 'new']], commander: 'exorcist' },
  },
};

/** Turn 3: the two cruisers, each carrying its Commander, face each other; red holds Eden. */
const POSITION = {
  pieces: [
    {
      id: 'red-ship',
      type: 'Экзорцист',
      owner: 'red',
      zone: 'sector:1',
      attrs: { card: 'exorcist' },
    },
    {
      id: 'red-eden',
      type: 'Планета «Эдем» (тест)',
      owner: 'red',
      zone: 'objects:red',
      attrs: { card: 'test-eden' },
    },
    {
      id: 'red-commander',
      type: 'Командор Рейн (тест)',
      owner: 'red',
      zone: 'situation:red',
      attrs: { card: 'test-rein', host: 'red-ship' },
    },
    {
      id: 'blue-ship',
      type: 'Экзорцист',
      owner: 'blue',
      zone: 'sector:1',
      attrs: { card: 'exorcist' },
    },
    {
      id: 'blue-commander',
      type: 'Командор Ирма (тест)',
      owner: 'blue',
      zone: 'situation:blue',
      attrs: { card: 'test-irma', host: 'blue-ship' },
    },
  ],
  tracks: [
    { id: 'resources:red', value: 5 },
    { id: 'resources:blue', value: 5 },
  ],
  turn: { round: 3, phase: 'resources' },
  rules: {
    decks: [
      { seat: 'red', deck: deckOf(SIDES.red.deck, 'test-rein') },
      { seat: 'blue', deck: deckOf(SIDES.blue.deck, 'test-irma') },
    ],
  },
};

describe('Commanders Path: no match gets stuck (issue 45, item 5)', () => {
  it.each([1])('seed %i: some decision is accepted at every step until the match ends', (seed) => {
    const h = new MatchHarness<CpState>(commandersPathRuleset, `cp-never-stuck-${seed}`).started(
      SEATS,
      { options: { deckShuffle: 'none' } as never },
    );
    setupMatch(h, SIDES);
    const walked = walk(h, seed);
    expect(walked.finished).toBe(true);
    expect(walked.kinds).toMatchObject({ 'move-ships': expect.any(Number) });
  });

  it.each([2])(
    'seed %i: from a given position (issue 45, item 1), until the match ends',
    (seed) => {
      const h = new MatchHarness<CpState>(commandersPathRuleset, `cp-never-stuck-${seed}`).started(
        SEATS,
        { position: POSITION },
      );
      // The decks the position left to the RNG are shuffled by the first decision of the walk.
      expect(h.state.rs.owedShuffles).toEqual(['deck:red', 'deck:blue']);
      const walked = walk(h, seed);
      expect(walked.finished).toBe(true);
      expect(h.state.rs.turn).toBeGreaterThan(3);
    },
  );

  it.each([4])('seed %i: from a battle under way, until the match ends', (seed) => {
    const h = new MatchHarness<CpState>(commandersPathRuleset, `cp-never-stuck-${seed}`).started(
      SEATS,
      { options: { deckShuffle: 'none', manualAdjustments: 'free' } as never },
    );
    arena(h, {
      red: {
        R: shipCard('Ракетник', { weapons: ['ракеты Д 2-3', 'плазма 4'], durability: '20(12)' }),
      },
      blue: { B: shipCard('Цель', { weapons: ['лазеры 2'], durability: '9(5)' }) },
      autoPass: false,
    });
    expect(h.state.rs.battlePhase?.battle).toBeDefined();
    const walked = walk(h, seed);
    expect(walked.finished).toBe(true);
    // The battle was fought or left by its own decisions before the turns went on.
    expect(Object.keys(walked.kinds)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(attack|withdraw|pass-attack|ram|board)$/)]),
    );
  });
});

function walk(h: MatchHarness<CpState>, seed: number) {
  return walkUntilEnd(h, {
    seed,
    maxSteps: 1500,
    // Conceding and the auto-pass preference are always accepted: they would hide a stuck state.
    exclude: ['concede', 'set-auto-pass'],
    weights: {
      'end-movement': 0.3,
      'end-production': 0.3,
      'end-resources': 0.3,
      'buy-action-tokens': 0.3,
      withdraw: 0.2,
    },
  });
}
