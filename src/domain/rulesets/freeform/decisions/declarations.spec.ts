import { MatchHarness, TEST_SEED } from '@test/support/match-harness';
import { legalDecisions } from '../../../match/legal-decision-offers';
import { describeResultEvent } from '../freeform-phrasing';
import { freeformRuleset } from '../freeform.ruleset';
import type { FreeformState } from '../freeform-state';

/** Issue 39: a declared result ends a freeform match only once the other seats confirm it. */

const three = [{ seat: 'red' }, { seat: 'blue' }, { seat: 'green' }];

const game = (seats = three) =>
  new MatchHarness<FreeformState>(freeformRuleset).started(seats, { setup: {} });

const offered = (g: MatchHarness<FreeformState>, seat: string) =>
  legalDecisions(freeformRuleset, g.state, seat, TEST_SEED).map((o) => o.kind);

describe('freeform: a declared result waits for the other seats', () => {
  it('given three seats, when red declares red and blue winners, then it waits for blue and green', () => {
    const g = game();
    g.when('red', 'declare-result', { winners: ['red', 'blue'], condition: 'по очкам' }).then([
      {
        type: 'ResultDeclared',
        data: { seat: 'red', winners: ['red', 'blue'], awaiting: ['blue', 'green'] },
      },
    ]);
    expect(g.state.status).toBe('started');
    expect(g.state.rs.pendingResult).toMatchObject({ awaiting: ['blue', 'green'] });
    // The seats awaited are offered to confirm or dispute; red may withdraw but not confirm.
    expect(offered(g, 'blue')).toEqual(
      expect.arrayContaining(['confirm-result', 'dispute-result']),
    );
    expect(offered(g, 'red')).toContain('dispute-result');
    expect(offered(g, 'red')).not.toContain('confirm-result');
    expect(offered(g, 'red')).not.toContain('declare-result');
  });

  it('given a pending result, when every other seat confirms, then the match ends with it', () => {
    const g = game();
    g.play('red', 'declare-result', { winners: ['red', 'blue'], condition: 'по очкам' });
    g.when('blue', 'confirm-result').then([{ type: 'ResultConfirmed', data: { seat: 'blue' } }]);
    expect(g.state.status).toBe('started');
    expect(offered(g, 'blue')).not.toContain('confirm-result');
    g.when('green', 'confirm-result').then([
      { type: 'ResultConfirmed', data: { seat: 'green' } },
      { type: 'MatchFinished', data: { winners: ['red', 'blue'], condition: 'по очкам' } },
      { type: 'RngRevealed' },
    ]);
    expect(g.state.status).toBe('finished');
  });

  it('given a pending result, when a seat disputes it, then the match goes on without it', () => {
    const g = game();
    g.play('red', 'declare-result', { winners: ['red'], condition: 'флагман уничтожен' });
    g.play('blue', 'confirm-result');
    g.when('green', 'dispute-result').then([{ type: 'ResultDisputed', data: { seat: 'green' } }]);
    expect(g.state.status).toBe('started');
    expect(g.state.rs.pendingResult).toBeUndefined();
    g.when('blue', 'confirm-result').thenRejects('no_result');
    // A new result may be declared again.
    expect(offered(g, 'green')).toContain('declare-result');
  });

  it('given a pending result, when its declarer withdraws it, then nothing waits any more', () => {
    const g = game();
    g.play('red', 'declare-result', { winners: ['red'], condition: 'флагман уничтожен' });
    g.when('red', 'dispute-result').then([{ type: 'ResultDisputed', data: { seat: 'red' } }]);
    expect(g.state.rs.pendingResult).toBeUndefined();
  });

  it('refuses a second declaration, and a confirmation from a seat not awaited, in Russian', () => {
    const g = game();
    g.play('red', 'declare-result', { winners: ['red'], condition: 'флагман уничтожен' });
    const second = g
      .when('blue', 'declare-result', { winners: ['blue'], condition: 'нет' })
      .thenRejects('result_pending');
    expect(second).toMatchObject({ localized: { ru: expect.stringContaining('уже ждёт') } });
    const own = g.when('red', 'confirm-result').thenRejects('result_not_awaited');
    expect(own).toMatchObject({ localized: { ru: expect.stringContaining('Player red') } });
  });

  it('given two seats, when one gives the win to the other, then it is a concession: the match ends', () => {
    const g = game([{ seat: 'red' }, { seat: 'blue' }]);
    g.when('red', 'declare-result', { winners: ['blue'], condition: 'сдача' }).then([
      { type: 'MatchFinished', data: { winners: ['blue'] } },
      { type: 'RngRevealed' },
    ]);
  });

  it('given two seats, when one declares a draw, then the other confirms it', () => {
    const g = game([{ seat: 'red' }, { seat: 'blue' }]);
    g.when('red', 'declare-result', { winners: [], condition: 'ничья' }).then([
      { type: 'ResultDeclared', data: { winners: [], awaiting: ['blue'] } },
    ]);
    g.when('blue', 'confirm-result').then([
      { type: 'ResultConfirmed' },
      { type: 'MatchFinished', data: { winners: [] } },
      { type: 'RngRevealed' },
    ]);
  });

  it('names the seats by their players in the log, in both languages', () => {
    const g = game();
    const [, declared] = g.play('red', 'declare-result', {
      winners: ['red', 'blue'],
      condition: 'по очкам',
    });
    const names = {
      seat: (seat: string) => ({ red: 'Ольга', blue: 'Никита', green: 'Вера' })[seat],
    };
    expect(describeResultEvent(declared, 'ru', names)).toBe(
      'Итог ждёт подтверждения: Никита, Вера (победа — Ольга, Никита; по очкам)',
    );
    const [, confirmed] = g.play('blue', 'confirm-result');
    expect(describeResultEvent(confirmed, 'ru', names)).toBe('Итог подтвердил(а): Никита');
    expect(describeResultEvent(confirmed, 'en', names)).toBe('Result confirmed by Никита');
  });
});
