import { commitmentOf } from '../dice';
import { RULESETS } from '../rulesets';
import { isRejection } from '../rulesets/rule-violation';
import type { Ruleset, SeatSpec } from '../rulesets/ruleset';
import { decideCreateMatch } from './match-decider';
import type { MatchCreatedData } from './match-events';

/**
 * The engine's side of a starting position (issue 45), over every ruleset: the example each
 * publishes (GET rulesets/:id `position.example`) is accepted with the seats and setup it is
 * written for, and a ruleset that takes no position refuses one, saying so, creating nothing.
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
  'sw-strategic': { seats: [{ seat: 'red' }, { seat: 'blue' }, { seat: 'gold' }] },
};

describe('starting positions across the rulesets', () => {
  const withPosition = RULESETS.filter((r) => r.position);

  it('are taken by freeform, Rex, the galaxy league, Combat Commander and Star Wars', () => {
    expect(withPosition.map((r) => r.id).sort()).toEqual(
      ['combat-commander', 'freeform', 'galaxy-league', 'rex', 'sw-strategic'].sort(),
    );
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

  it.each(RULESETS.filter((r) => !r.position).map((r) => [r.id, r] as const))(
    '%s takes no position and says so',
    (_id, ruleset) => {
      const seats = Array.from({ length: ruleset.seats.min }, (_, i) => ({ seat: `s${i + 1}` }));
      const refused = create(ruleset as Ruleset, seats, { turn: { round: 2 } });
      expect(isRejection(refused) && refused.kind).toBe('invalid_params');
      expect(isRejection(refused) && refused.localized?.ru).toBe(
        `Позиция не принята (1 ошибка): Игру «${ruleset.title.ru}» нельзя начать с заданной позиции`,
      );
    },
  );
});
