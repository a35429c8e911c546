import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MatchHarness } from '@test/support/match-harness';
import { quotesNotInSource } from '../../kit';
import { commandersPathRuleset } from '../commanders-path.ruleset';
import { RULES, RULESET_CHOICES } from '../cp-rules-text';
import type { CpState } from '../cp-state';
import {
  ARENA_SIDES,
  eventsOf,
  SEATS,
  setupMatch,
  toMovement,
  type SideSetup,
} from '../testing/cp-kit';

type G = MatchHarness<CpState>;

function game(blue: SideSetup = ARENA_SIDES.blue): G {
  const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
    options: { deckShuffle: 'none', manualAdjustments: 'free' },
  });
  setupMatch(g, { red: ARENA_SIDES.red, blue });
  toMovement(g);
  return g;
}

/** Puts cards worth `costs` into the seat's Losses (as a card effect would). */
function lose(g: G, seat: string, costs: number[]): void {
  const pieces = costs.map((cost, i) => ({
    id: `${seat}-lost-${i}`,
    type: 'Корабль',
    owner: seat,
    zone: `production:${seat}`,
    attrs: { kind: 'ship', name: 'Корабль', cost },
  }));
  g.play(seat, 'manual-create-pieces', { pieces });
  g.play(seat, 'manual-destroy', { pieces: pieces.map((p) => p.id), cause: 'card effect' });
}

describe('Pirate: the opponent’s Losses hold more than 70 at the end of a battle phase', () => {
  it('is not won at exactly 70', () => {
    const g = game();
    lose(g, 'blue', [10, 10, 10, 10, 10, 10, 10]);
    expect(commandersPathRuleset.derive(g.state.table, g.state.rs)).toMatchObject({
      losses: { blue: { cost: 70 } },
    });
    g.play('red', 'end-movement');
    expect(g.state.status).toBe('started');
  });

  it('is won above 70, at the end of the Pirate’s battle phase', () => {
    const g = game();
    lose(g, 'blue', [10, 10, 10, 10, 10, 10, 10, 1]);
    expect(g.state.status).toBe('started');
    const events = g.play('red', 'end-movement');
    expect(eventsOf(events, 'MatchFinished')[0]).toMatchObject({
      winners: ['red'],
      condition: expect.stringContaining('pirate'),
      ruleRef: RULES.pirate,
    });
    expect(events.at(-1)!.type).toBe('RngRevealed');
  });

  it('counts only ships, ground units, buildings and objects: a played tactical card has no cost in the sum', () => {
    const g = game();
    g.play('blue', 'manual-create-pieces', {
      pieces: [
        {
          id: 'tac',
          type: 'Засада',
          owner: 'blue',
          zone: 'hand:blue',
          attrs: { kind: 'tactical', price: 80 },
        },
      ],
    });
    g.play('blue', 'manual-destroy', { pieces: ['tac'], cause: 'played' });
    g.play('red', 'end-movement');
    expect(g.state.status).toBe('started');
  });

  it('goes to the Priority holder when both seats win at once', () => {
    const blue: SideSetup = {
      ...ARENA_SIDES.blue,
      deck: [
        ['test-mine', 1],
        ['test-tactician', 1],
      ],
      abilities: [{ card: 'test-tactician', variant: 1 }],
    };
    const g = game(blue);
    expect(commandersPathRuleset.derive(g.state.table, g.state.rs)).toMatchObject({
      players: { blue: { archetypes: ['trader', 'pirate'] } },
    });
    lose(g, 'blue', [40, 40]);
    lose(g, 'red', [40, 40]);
    g.play('red', 'end-movement');
    expect(g.state.result).toMatchObject({
      winners: ['red'],
      condition: expect.stringContaining('simultaneous, won by the Priority holder'),
      ruleRef: expect.stringContaining(RULES.simultaneous),
    });
  });
});

describe('Commander lost', () => {
  it('loses when the Commander’s object is destroyed, checked at the end of the battle phase', () => {
    const g = game();
    const host = String(g.state.table.pieces['blue-commander'].attrs.host);
    g.play('red', 'manual-destroy', { pieces: [host], cause: 'card effect' });
    expect(g.state.status).toBe('started');
    g.play('red', 'end-movement');
    expect(g.state.result).toMatchObject({
      winners: ['red'],
      condition: expect.stringContaining('commander-destroyed'),
      ruleRef: RULES.commanderLost,
    });
  });

  it('settles both Commanders lost at once by option (Priority, or a draw)', () => {
    for (const [mode, winners] of [
      ['priority', ['red']],
      ['draw', []],
    ] as const) {
      const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
        options: { deckShuffle: 'none', manualAdjustments: 'free', mutualCommanderLoss: mode },
      });
      setupMatch(g, ARENA_SIDES);
      toMovement(g);
      const hosts = ['red', 'blue'].map((s) =>
        String(g.state.table.pieces[`${s}-commander`].attrs.host),
      );
      g.play('red', 'manual-destroy', { pieces: hosts, cause: 'card effect' });
      g.play('red', 'end-movement');
      expect(g.state.result?.winners).toEqual(winners);
    }
  });
});

describe('a concession (the text is silent: matchlog’s choice)', () => {
  it('ends the match at any moment, the other side winning, and reveals the seed', () => {
    const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none' },
    });
    const events = g.when('blue', 'concede').then([
      {
        type: 'MatchFinished',
        data: {
          winners: ['red'],
          condition: 'concession by blue',
          ruleRef: RULESET_CHOICES.concession,
        },
      },
      { type: 'RngRevealed' },
    ]);
    expect(events).toHaveLength(3);
    expect(g.state.status).toBe('finished');
  });

  it('is a choice of the ruleset, not a quote of the text', () => {
    const source = readFileSync(
      join(__dirname, '../../../../../test/fixtures/rules/commanders-path.ru.txt'),
      'utf8',
    );
    expect(quotesNotInSource(RULESET_CHOICES, source)).toEqual([
      expect.stringContaining('concession: «matchlog, Путь Командора: сдача» is not in the source'),
      expect.stringContaining('concession: «Правила о сдаче молчат.'),
    ]);
  });
});
