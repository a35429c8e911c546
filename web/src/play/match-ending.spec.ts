import { endingText, winnersIfEnding } from './match-ending';

/** Issue 39: a decision that ends the match says what it will record before it is sent. */
describe('a decision that ends the match', () => {
  const names: Record<string, string> = { red: 'Ольга', blue: 'Никита' };
  const seat = (s: string) => names[s] ?? s;

  it('is told by its dry run: the winners MatchFinished would record', () => {
    const events = [
      { type: 'DecisionMade', data: { kind: 'confirm-result' } },
      { type: 'ResultConfirmed', data: { seat: 'blue' } },
      { type: 'MatchFinished', data: { winners: ['red'], condition: 'по очкам' } },
    ];
    expect(winnersIfEnding({ events })).toEqual(['red']);
    expect(winnersIfEnding({ events: events.slice(0, 2) })).toBeUndefined();
    // Withheld events (server dice) tell nothing: no end is announced.
    expect(winnersIfEnding({})).toBeUndefined();
  });

  it('reads as the players name it, one winner, several, or a draw', () => {
    expect(endingText(['red'], 'ru', seat)).toBe('Матч закончится: победитель — Ольга. Записать?');
    expect(endingText(['red', 'blue'], 'ru', seat)).toBe(
      'Матч закончится: победители — Ольга, Никита. Записать?',
    );
    expect(endingText([], 'ru', seat)).toBe('Матч закончится вничью. Записать?');
    expect(endingText(['blue'], 'en', seat)).toBe(
      'The match will end: winner — Никита. Record it?',
    );
  });
});
