import { MatchHarness } from '@test/support/match-harness';
import { redactEvent } from '../../../match/match-view';
import { controllerOf, troopsAt } from '../rex-board';
import { describeRexEvent } from '../rex-phrasing';
import { RULES } from '../rex-rules-text';
import type { RexState } from '../rex-state';
import { rexRuleset } from '../rex.ruleset';
import { advanceTo, dataOf, seal, seatsOf } from '../rex.testkit';

/** Xxcha's face-down troops, Sol's use of the Sol Offensive and Sol's secret look. */

function xxchaGame(options: Record<string, unknown> = {}): MatchHarness<RexState> {
  const g = new MatchHarness(rexRuleset).started(seatsOf('xxcha', 'sol', 'hacan'), {
    setup: {
      fleetSector: 9,
      influenceDeck: [
        {
          kind: 'standard',
          places: [
            { location: 'archive-hall', amount: 6 },
            { location: 'sallab-slums', amount: 4 },
          ],
        },
      ],
      factions: [
        { faction: 'xxcha', placements: [{ location: 'archive-hall', troops: 3 }] },
        { faction: 'hacan', placements: [{ location: 'archive-hall', troops: 2 }] },
      ],
    },
    options: { deckOrder: 'as-listed', ...options },
  });
  seal(g, 'xxcha', 'predict', { seat: 'sol', round: 8 });
  g.play('xxcha', 'begin');
  return g;
}

const faceDown = (g: MatchHarness<RexState>, location: string) =>
  troopsAt(g.state.table, location, 'xxcha').filter((p) => p.attrs.faceDown === true).length;

describe('Xxcha turns troops face down', () => {
  it('is refused outside Xxcha’s Maneuvers turn, and to another race', () => {
    const g = xxchaGame();
    g.when('xxcha', 'flip-troops', { location: 'archive-hall' }).thenRejects(
      'out_of_window',
      RULES.xxchaFaceDown,
    );
    g.when('hacan', 'flip-troops', { location: 'archive-hall' }).thenRejects(
      'out_of_window',
      RULES.xxchaFaceDown,
    );
  });

  it('flips them face down in its turn: no battle, no control, no collection (the defaults)', () => {
    const g = xxchaGame();
    advanceTo(g, 'maneuvers');
    g.when('xxcha', 'flip-troops', { location: 'archive-hall' }).then([
      { type: 'PieceChanged', data: { attrs: { faceDown: true, faceDownCountsFor: [] } } },
      { type: 'PieceChanged' },
      { type: 'PieceChanged' },
      {
        type: 'TroopsFlipped',
        data: {
          seat: 'xxcha',
          location: 'archive-hall',
          faceDown: true,
          ruleRef: RULES.xxchaFaceDown,
        },
      },
    ]);
    expect(faceDown(g, 'archive-hall')).toBe(3);
    expect(controllerOf(g.state.table, 'archive-hall')).toBe('hacan');
    g.play('xxcha', 'end-turn');
    g.play('sol', 'end-turn');
    const combat = g.play('hacan', 'end-turn');
    // No battle at the Archive Hall: Combat ends at once, Collection pays Hacan alone there.
    expect(dataOf(combat, 'CombatStarted')[0]).toMatchObject({ battles: [] });
    expect(dataOf(combat, 'InfluenceCollected')).toEqual([
      expect.objectContaining({ seat: 'hacan', location: 'archive-hall', amount: 4 }),
    ]);
  });

  it('counts face-down troops where the options say so', () => {
    const g = xxchaGame({ faceDownControl: 'counted', faceDownCombat: 'battle' });
    advanceTo(g, 'maneuvers');
    g.play('xxcha', 'flip-troops', { location: 'archive-hall' });
    expect(controllerOf(g.state.table, 'archive-hall')).toBeNull();
    g.play('xxcha', 'end-turn');
    g.play('sol', 'end-turn');
    const combat = g.play('hacan', 'end-turn');
    expect(dataOf(combat, 'CombatStarted')[0]).toMatchObject({
      battles: [{ location: 'archive-hall', seats: ['xxcha', 'hacan'] }],
    });
  });

  it('turns them face up automatically when face-up Xxcha troops join them', () => {
    const g = xxchaGame();
    advanceTo(g, 'maneuvers');
    g.play('xxcha', 'flip-troops', { location: 'archive-hall' });
    const events = g.play('xxcha', 'deploy', { location: 'archive-hall', troops: 1 });
    expect(dataOf(events, 'TroopsFlipped')[0]).toMatchObject({
      faceDown: false,
      automatic: true,
      troops: ['troop:xxcha:1', 'troop:xxcha:2', 'troop:xxcha:3'],
      ruleRef: RULES.xxchaFlipUp,
    });
    expect(faceDown(g, 'archive-hall')).toBe(0);
    const [flipped] = g.events.filter((e) => e.type === 'TroopsFlipped').slice(-1);
    expect(describeRexEvent(flipped, 'ru')).toBe(
      'xxcha переворачивает лицом вверх 3 Войска в Зале Архива (к ним пришли Войска лицом вверх)',
    );
  });

  it('flips nothing in a round Informant–Cancellation struck', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('xxcha', 'sol', 'hacan'), {
      setup: {
        startingStrategy: 1,
        strategyDeck: [
          { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] },
          {
            name: { en: 'Informant – Cancellation', ru: 'Информатор – Аннулирования' },
            category: 'special',
            effect: 'informant-cancellation',
          },
        ],
        factions: [{ faction: 'xxcha', placements: [{ location: 'archive-hall', troops: 3 }] }],
      },
      options: { deckOrder: 'as-listed', xxchaFlipWindow: 'any-time' },
    });
    seal(g, 'xxcha', 'predict', { seat: 'sol', round: 8 });
    g.play('xxcha', 'begin');
    g.play('sol', 'play-strategy', { card: 'strategy:2', seat: 'xxcha', ability: 'xxcha-flip' });
    g.when('xxcha', 'flip-troops', { location: 'archive-hall' }).thenRejects(
      'out_of_window',
      RULES.xxchaFaceDown,
    );
  });
});

describe('Sol and the Sol Offensive', () => {
  const setup = {
    startRound: 2,
    fleetSector: 13,
    influenceDeck: [{ kind: 'sol-offensive' }],
    influenceDiscard: [
      {
        kind: 'standard',
        places: [
          { location: 'archive-hall', amount: 2 },
          { location: 'cartography-hall', amount: 4 },
        ],
      },
    ],
    factions: [
      { faction: 'sol', placements: [{ location: 'archive-hall', troops: 3 }] },
      { faction: 'hacan', placements: [{ location: 'cartography-hall', troops: 2 }] },
    ],
  };

  it('is immune and moves its troops out of a struck location to any location, once', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'hacan', 'lazax'), {
      setup,
      options: { deckOrder: 'as-listed' },
    });
    g.play('sol', 'begin');
    g.when('sol', 'sol-offensive-move', {
      from: 'archive-hall',
      to: 'vel-terro',
      troops: 3,
    }).thenRejects('no_sol_offensive', RULES.solImmune);
    const struck = g.play('sol', 'reveal-influence');
    expect(dataOf(struck, 'SolOffensiveResolved')[0]).toMatchObject({
      immune: [{ location: 'archive-hall', seat: 'sol', troops: 3 }],
    });
    expect(troopsAt(g.state.table, 'cartography-hall')).toHaveLength(0);
    g.when('hacan', 'sol-offensive-move', {
      from: 'cartography-hall',
      to: 'vel-terro',
      troops: 1,
    }).thenRejects('no_sol_offensive', RULES.solImmune);
    g.when('sol', 'sol-offensive-move', { from: 'archive-hall', to: 'vel-terro', troops: 3 }).then([
      { type: 'PiecesMoved', data: { to: 'vel-terro' } },
      { type: 'SolOffensiveMoved', data: { seat: 'sol', from: 'archive-hall', to: 'vel-terro' } },
    ]);
    expect(troopsAt(g.state.table, 'vel-terro', 'sol')).toHaveLength(3);
    g.when('sol', 'sol-offensive-move', {
      from: 'archive-hall',
      to: 'vel-terro',
      troops: 1,
    }).thenRejects('no_sol_offensive');
  });

  it('keeps Sol’s look at the top Bombardment card to Sol in every view', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'hacan', 'lazax'), {
      setup: { bombardmentDeck: [5, 2] },
      options: { deckOrder: 'as-listed' },
    });
    g.play('sol', 'begin');
    const [peek] = g
      .play('sol', 'peek-bombardment')
      .filter((e) => e.type === 'BombardmentTopPeeked');
    expect(peek.meta.visibility).toBe('seat:sol');
    expect(redactEvent(peek, { kind: 'seat', seat: 'sol' }, false).data).toMatchObject({
      secret: { value: 5 },
    });
    for (const viewer of [
      { kind: 'seat', seat: 'hacan' } as const,
      { kind: 'seat', seat: 'lazax' } as const,
      { kind: 'public' } as const,
    ]) {
      const seen = redactEvent(peek, viewer, false);
      expect(seen.redacted).toBe(true);
      expect(JSON.stringify(seen)).not.toContain('"value"');
    }
    expect(describeRexEvent(peek, 'en')).not.toMatch(/5/);
  });
});
