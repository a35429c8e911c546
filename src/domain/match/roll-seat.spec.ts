import { MatchHarness } from '@test/support/match-harness';
import type { RecordedEvent } from '../events/recorded-event';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { rollSeatReader } from './roll-seat';

/** The events as a log recorded before `DiceRolled` named its seat has them. */
const withoutRollSeats = (events: RecordedEvent[]): RecordedEvent[] =>
  events.map((event) => {
    if (event.type !== 'DiceRolled') return event;
    const { seat: _seat, ...data } = event.data as Record<string, unknown>;
    return { ...event, data };
  });

describe('rollSeatReader', () => {
  const game = new MatchHarness(freeformRuleset).started([{ seat: 'red' }, { seat: 'blue' }]);
  game.play('red', 'roll', { dice: '2d6', purpose: 'attack' });
  game.play('blue', 'roll', { dice: '1d8', purpose: 'defence' });
  game.play('blue', 'roll', { dice: '1d6', faces: [3] });
  game.roll('red', 'scatter', '1d6');

  const seatsOfRolls = (events: RecordedEvent[]) => {
    const read = rollSeatReader();
    return events.flatMap((event) => {
      const seat = read(event);
      return event.type === 'DiceRolled' ? [seat] : [];
    });
  };

  it('reads the seat a roll names', () => {
    expect(seatsOfRolls(game.events)).toEqual(['red', 'blue', 'blue', 'red']);
  });

  it('takes the seat of an older roll from the decision that caused it', () => {
    expect(seatsOfRolls(withoutRollSeats(game.events))).toEqual(['red', 'blue', 'blue', 'red']);
  });

  it('takes the seat of an older roll outside a decision from the seat that asked for it', () => {
    const [outside] = withoutRollSeats(game.events).slice(-1);
    expect(outside.type).toBe('DiceRolled');
    expect(rollSeatReader()(outside)).toBe('red');
    expect(
      rollSeatReader()({
        ...outside,
        meta: { ...outside.meta, actor: { kind: 'system', id: 's' } },
      }),
    ).toBeUndefined();
  });
});
