import { RULES } from './cc-rules-text';
import { card, game, piece } from './cc.testkit';

/**
 * Issue 45 item 2: an Event that names a choice requires it when one exists. «В событии
 * «Ходячие раненые» [Е76] сказано «Выберите одно уничтоженное подразделение». … если на момент
 * события уничтоженное подразделение есть только у противника, вам придется выбрать его
 * подразделение и вернуть на поле боя.» (СЛОВАРЬ, Пример А)
 */
function walkingWounded(eliminate: boolean) {
  const h = game({
    axisCard: card({ trigger: 'event', event: 'E76 Ходячие раненые' }),
    options: { fireOutcome: 'as-stated' },
  });
  if (eliminate) {
    h.play('allies', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'eliminate', piece: 'de-squad-2' }],
    });
    expect(piece(h, 'de-squad-2').status).toBe('destroyed');
  }
  h.play('axis', 'roll', { purpose: 'other' }); // Event!: «Ходячие раненые», read by axis
  expect(h.state.rs.pending?.event).toBe('E76 Ходячие раненые');
  return h;
}

describe('Combat Commander: «Ходячие раненые» makes its reader choose (issue 45)', () => {
  it('given an eliminated unit, when the reader states the Event with none returned, then it is refused', () => {
    const h = walkingWounded(true);
    const before = h.events.length;
    const refused = h
      .when('axis', 'state-outcome', { about: 'event', effects: [] })
      .thenRejects('event_choice', RULES.walkingWounded);
    expect(refused.localized).toEqual({
      en: 'Walking Wounded: a unit is eliminated, so choose one eliminated unit (of either side) and return it to the battlefield',
      ru: '«Ходячие раненые»: уничтоженное подразделение есть, поэтому выберите одно уничтоженное подразделение (любой стороны) и верните его на поле боя',
    });
    expect(h.events).toHaveLength(before);
    expect(h.state.rs.pending?.trigger).toBe('event');
  });

  it('given an eliminated unit, when the reader returns it twice over, then it is refused: one unit', () => {
    const h = walkingWounded(true);
    const refused = h
      .when('axis', 'state-outcome', {
        about: 'event',
        effects: [
          { kind: 'return', piece: 'de-squad-2', to: 'C3' },
          { kind: 'return', piece: 'de-squad-2', to: 'C4' },
        ],
      })
      .thenRejects('event_choice', RULES.walkingWounded);
    expect(refused.localized?.ru).toBe(
      '«Ходячие раненые» возвращают одно уничтоженное подразделение, а не 2',
    );
  });

  it('given an eliminated unit, when the reader returns one, then the statement is recorded', () => {
    const h = walkingWounded(true);
    h.when('axis', 'state-outcome', {
      about: 'event',
      effects: [{ kind: 'return', piece: 'de-squad-2', to: 'C3' }],
    }).then([{ type: 'OutcomeStated', data: { about: 'event' } }]);
  });

  it('given no eliminated unit, when the reader states the Event with nothing returned, then it is recorded', () => {
    const h = walkingWounded(false);
    h.when('axis', 'state-outcome', { about: 'event', effects: [] }).then([
      { type: 'OutcomeStated', data: { about: 'event', effects: [] } },
    ]);
  });
});
