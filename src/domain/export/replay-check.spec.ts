import { MatchHarness } from '@test/support/match-harness';
import type { RecordedEvent } from '../events/recorded-event';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { checkReplay } from './replay-check';

function played(): MatchHarness {
  const h = new MatchHarness(freeformRuleset, 'm-replay');
  h.started([{ seat: 'red' }, { seat: 'blue' }], {
    setup: {
      zones: [{ id: 'deck', kind: 'deck', visibility: 'nobody' }],
      pieces: ['c1', 'c2', 'c3', 'c4'].map((id) => ({ id, type: id, zone: 'deck' })),
    },
  });
  h.play('red', 'shuffle', { deck: 'deck' });
  h.play('red', 'draw', { deck: 'deck', count: 2 });
  h.play('red', 'roll', { dice: '2d6', purpose: 'attack' });
  return h;
}

const secretOf = (event: RecordedEvent) =>
  (event.data as { secret: { before: string[]; order: string[]; pieces: string[] } }).secret;

describe('checkReplay', () => {
  const h = played();
  const at = (type: string) => h.events.findIndex((e) => e.type === type);

  it('replays an honest match: draws against the verified order, every decision decided again', () => {
    expect(checkReplay(freeformRuleset, h.matchId, h.events, undefined)).toEqual({
      draws: 2,
      decisions: 0,
    });
    expect(checkReplay(freeformRuleset, h.matchId, h.events, h.seed)).toEqual({
      draws: 2,
      decisions: 3,
    });
  });

  it('without the seed still catches a shuffle from another order and a draw not from the top', () => {
    const shuffled = structuredClone(h.events);
    secretOf(shuffled[at('DeckShuffled')]).before.reverse();
    expect(checkReplay(freeformRuleset, h.matchId, shuffled, undefined)).toMatchObject({
      code: 'shuffle_input',
      seq: at('DeckShuffled'),
    });
    const drawn = structuredClone(h.events);
    const pieces = secretOf(drawn[at('CardsDrawn')]).pieces;
    pieces.reverse();
    expect(checkReplay(freeformRuleset, h.matchId, drawn, undefined)).toMatchObject({
      code: 'draw_mismatch',
      seq: at('CardsDrawn'),
    });
  });

  it('with the seed, names the first event a decision does not yield', () => {
    const moved = structuredClone(h.events);
    (moved[at('DiceRolled')].data as { purpose: string }).purpose = 'defence';
    expect(checkReplay(freeformRuleset, h.matchId, moved, h.seed)).toMatchObject({
      code: 'decision_mismatch',
      seq: at('DiceRolled'),
      message: expect.stringContaining('roll of red'),
    });
  });
});
