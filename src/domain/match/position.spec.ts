import { commitmentOf } from '../dice';
import { RULESETS } from '../rulesets';
import { isRejection } from '../rulesets/rule-violation';
import type { Ruleset, SeatSpec } from '../rulesets/ruleset';
import { decideCreateMatch } from './match-decider';
import type { MatchCreatedData } from './match-events';

/**
 * The engine's side of a starting position (issue 45), over every ruleset: the example each
 * publishes (GET rulesets/:id `position.example`) is accepted with the seats and setup it is
 * written for, and a ruleset without a position part refuses one, saying so, creating nothing.
 */

const create = (ruleset: Ruleset, seats: SeatSpec[], position: unknown, setup = {}) =>
  decideCreateMatch({
    matchId: 'm',
    ruleset,
    organizer: 'o',
    commitment: commitmentOf(new Uint8Array(32)),
    seats,
    setup,
    position,
  });

/** The seats (and setup) each published example is written for. */
const WRITTEN_FOR: Record<string, { seats: SeatSpec[]; setup?: Record<string, unknown> }> = {
  freeform: {
    seats: [{ seat: 'red' }, { seat: 'blue' }],
    setup: {
      zones: [{ id: 'north', kind: 'location' }],
      pieces: [{ id: 'cruiser', type: 'Крейсер', owner: 'red', zone: 'north' }],
    },
  },
  rex: { seats: ['sol', 'letnev', 'hacan'].map((f) => ({ seat: f, faction: f })) },
  'galaxy-league': {
    seats: [
      { seat: 'anna', faction: 'empire' },
      { seat: 'boris', faction: 'devourers' },
      { seat: 'vera', faction: 'eternals' },
    ],
  },
  'combat-commander': { seats: [{ seat: 'axis' }, { seat: 'allies' }] },
  'commanders-path': { seats: [{ seat: 'red' }, { seat: 'blue' }] },
  'sw-strategic': { seats: [{ seat: 'red' }, { seat: 'blue' }, { seat: 'gold' }] },
};

describe('starting positions across the rulesets', () => {
  const withPosition = RULESETS.filter((r) => r.position);

  it('are taken by every ruleset', () => {
    expect(withPosition.map((r) => r.id).sort()).toEqual(RULESETS.map((r) => r.id).sort());
  });

  it.each(withPosition.map((r) => [r.id, r] as const))(
    '%s accepts the position it publishes as its example',
    (id, ruleset) => {
      const { seats, setup } = WRITTEN_FOR[id];
      const created = create(ruleset as Ruleset, seats, ruleset.position?.example, setup);
      if (isRejection(created)) throw new Error(created.localized?.ru ?? created.message);
      expect((created[0].data as MatchCreatedData).position).toBeDefined();
    },
  );

  it('a ruleset that takes no position says so', () => {
    // Every game takes one now: a game without the position part stands for one added later.
    const freeform = RULESETS.find((r) => r.id === 'freeform') as Ruleset;
    const ruleset: Ruleset = { ...freeform, position: undefined };
    const refused = create(ruleset, [{ seat: 's1' }, { seat: 's2' }], { turn: { round: 2 } });
    expect(isRejection(refused) && refused.kind).toBe('invalid_params');
    expect(isRejection(refused) && refused.localized?.ru).toBe(
      `Позиция не принята (1 ошибка): Игру «${ruleset.title.ru}» нельзя начать с заданной позиции`,
    );
  });
});
