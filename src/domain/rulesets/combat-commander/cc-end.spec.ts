import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quotesNotInSource } from '../kit';
import { CC_CHOICES, RULES } from './cc-rules-text';
import { card, game, hand, ofType, piece, types } from './cc.testkit';

/** Time! on every axis card; the Sudden Death marker at `space`. */
const timeGame = (space: number, options: Record<string, unknown> = {}) =>
  game({
    axisCard: card({ trigger: 'time', dice: [2, 3] }),
    alliesCard: card({ dice: [6, 5] }),
    setup: { time: { start: 0, suddenDeath: space } },
    options,
  });

describe('Combat Commander: Sudden Death (the roll inside Time!; whether it ends the game is stated)', () => {
  it('Time reaching the marker’s space: the Sudden Death roll is made and the Time! trigger waits for its outcome', () => {
    const h = timeGame(1);
    const events = h.play('axis', 'roll', { purpose: 'other' });
    expect(types(events).slice(-3)).toEqual(['CardsDrawn', 'FateRolled', 'SuddenDeathRolled']);
    expect(ofType(events, 'SuddenDeathRolled')).toEqual([
      { roll: 'r2', seat: 'axis', value: 5, time: 1, space: 1 },
    ]);
    expect(h.state.rs.pending).toMatchObject({
      trigger: 'time',
      suddenDeath: { roll: 'r2', value: 5 },
    });
    // The normal flow stays suspended: no Order until the outcome is settled.
    h.when('axis', 'order', { card: hand(h, 'axis')[0], units: ['de-squad-1'] }).thenRejects(
      'trigger_pending',
      RULES.suspend,
    );
    h.when('allies', 'state-outcome', {
      about: 'sudden-death',
      effects: [{ kind: 'break', piece: 'de-squad-1' }],
    }).thenRejects('wrong_rule', RULES.insideTrigger);
  });

  it('the game goes on: an outcome without an end, confirmed, resolves the trigger and applies the Time! roll', () => {
    const h = timeGame(1);
    h.play('axis', 'roll', { purpose: 'other' });
    h.when('allies', 'state-outcome', {
      about: 'sudden-death',
      effects: [],
      note: 'Sudden Death roll 5: the game goes on',
    }).then([
      {
        type: 'OutcomeStated',
        data: {
          about: 'sudden-death',
          roll: 'r2',
          ruleRef: `${RULES.insideTrigger} / ${RULES.suddenDeathMarker}`,
        },
      },
    ]);
    h.when('axis', 'state-outcome', { about: 'sudden-death', effects: [] }).thenRejects(
      'sudden_death_stated',
      RULES.insideTrigger,
    );
    h.when('axis', 'confirm-outcome', { id: 'o1' }).then([
      { type: 'OutcomeConfirmed', data: { id: 'o1', by: 'axis' } },
      { type: 'TriggerResolved', data: { roll: 'r1', trigger: 'time' } },
      { type: 'RollApplied', data: { roll: 'r1', value: 5 } },
    ]);
    expect(h.state.rs.pending).toBeUndefined();
    h.play('axis', 'order', { card: hand(h, 'axis')[0], units: ['de-squad-1'] });
  });

  it('the game ends: an end stated and confirmed finishes the match under the Sudden Death rule', () => {
    const h = timeGame(1);
    h.play('axis', 'roll', { purpose: 'other' });
    h.play('axis', 'state-outcome', {
      about: 'sudden-death',
      effects: [
        { kind: 'vp', seat: 'axis', amount: 2 },
        { kind: 'end', seat: 'axis' },
      ],
    });
    h.when('allies', 'confirm-outcome', { id: 'o1' }).then([
      { type: 'OutcomeConfirmed' },
      { type: 'TrackChanged', data: { track: 'vp:axis', value: 2 } },
      {
        type: 'MatchFinished',
        data: {
          winners: ['axis'],
          condition: 'Sudden Death: stated and confirmed end of the game',
          ruleRef: RULES.insideTrigger,
        },
      },
      { type: 'RngRevealed' },
    ]);
    expect(h.state.status).toBe('finished');
  });

  it('Time short of the marker: no Sudden Death roll, the trigger resolves at once, and no Sudden Death outcome can be stated', () => {
    const h = timeGame(3);
    const events = h.play('axis', 'roll', { purpose: 'other' });
    expect(types(events)).not.toContain('SuddenDeathRolled');
    expect(types(events).slice(-2)).toEqual(['TriggerResolved', 'RollApplied']);
    h.when('axis', 'state-outcome', { about: 'sudden-death', effects: [] }).thenRejects(
      'no_sudden_death',
      RULES.insideTrigger,
    );
  });

  it('option suddenDeathRoller "active": the active player rolls (their own deck), whoever rolled Time!', () => {
    const h = game({
      alliesCard: card({ trigger: 'time', dice: [1, 1] }),
      axisCard: card({ dice: [6, 6] }),
      setup: { time: { start: 0, suddenDeath: 1 } },
      options: { suddenDeathRoller: 'active' },
    });
    const events = h.play('allies', 'roll', { purpose: 'other' });
    expect(ofType(events, 'SuddenDeathRolled')).toEqual([
      { roll: 'r2', seat: 'axis', value: 12, time: 1, space: 1 },
    ]);
    const byDefault = game({
      alliesCard: card({ trigger: 'time', dice: [1, 1] }),
      setup: { time: { start: 0, suddenDeath: 1 } },
    });
    const rolled = byDefault.play('allies', 'roll', { purpose: 'other' });
    expect(ofType(rolled, 'SuddenDeathRolled')[0]).toMatchObject({ seat: 'allies', value: 2 });
  });
});

describe('Combat Commander: a concession (the excerpt is silent: matchlog’s choice)', () => {
  it('ends the match at any moment, the other side winning', () => {
    const h = game();
    h.when('axis', 'concede').then([
      {
        type: 'MatchFinished',
        data: {
          winners: ['allies'],
          condition: 'concession by axis',
          ruleRef: CC_CHOICES.concession,
        },
      },
      { type: 'RngRevealed' },
    ]);
    expect(h.state.status).toBe('finished');
    expect(h.state.rs.ended).toBe(true);
  });

  it('a judge of the match may record it for a seat', () => {
    const h = game({ begin: false });
    h.whenJudge('allies', 'concede').then([
      {
        type: 'MatchFinished',
        data: { winners: ['axis'], condition: 'concession by allies (recorded by a judge)' },
      },
      { type: 'RngRevealed' },
    ]);
  });

  it('is a choice of the ruleset, not a quote of the text', () => {
    const source = readFileSync(
      join(__dirname, '../../../../test/fixtures/rules/combat-commander.ru.txt'),
      'utf8',
    );
    expect(quotesNotInSource(CC_CHOICES, source)).toEqual([
      expect.stringContaining('«matchlog, Combat Commander: сдача» is not in the source'),
      expect.stringContaining('«Отрывок правил о сдаче молчит.'),
    ]);
  });
});

describe('Combat Commander: a judge confirms a stated outcome for the opponent', () => {
  it('records the confirmation on the opponent’s behalf, marked as a judge’s; the stating seat is refused', () => {
    const h = game();
    h.play('axis', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'break', piece: 'su-squad-1' }],
    });
    h.whenJudge('axis', 'confirm-outcome', { id: 'o1' }).thenRejects(
      'own_outcome',
      RULES.firepower,
    );
    expect(piece(h, 'su-squad-1').status).toBe('active');
    h.whenJudge('allies', 'confirm-outcome', { id: 'o1' }).then([
      { type: 'OutcomeConfirmed', data: { id: 'o1', by: 'allies', judge: true } },
      { type: 'PieceChanged', data: { piece: 'su-squad-1', status: 'broken' } },
      { type: 'PieceBroken', data: { piece: 'su-squad-1', eliminated: false } },
    ]);
    expect(piece(h, 'su-squad-1').status).toBe('broken');
  });
});
