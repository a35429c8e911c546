import type { RecordedEvent } from '../../events/recorded-event';
import { REX_EVENT_TYPES } from './rex-events';
import { evolveRex, initialRexState } from './rex-state';
import { describeRexEvent } from './rex-phrasing';

const event = (type: string, data: unknown, seq = 1, seat = 'sol'): RecordedEvent =>
  ({
    eventId: `e${seq}`,
    matchId: 'm',
    seq,
    type,
    data,
    meta: {
      actor: { kind: 'seat', id: seat, seat },
      recordedAt: '2026-11-22T10:00:00.000Z',
      ruleset: { id: 'rex', version: '0.1.0' },
      visibility: 'public',
      prevHash: '',
      hash: '',
    },
  }) as RecordedEvent;

describe('rex evolve', () => {
  it('folds every event without throwing, malformed ones included, and ignores what it does not know', () => {
    const rs = initialRexState();
    expect(evolveRex(rs, event('SomethingElse', { a: 1 }))).toBe(rs);
    for (const type of REX_EVENT_TYPES) {
      for (const data of [null, {}, { battle: 'x', seat: 7 }, 'text']) {
        expect(() => evolveRex(rs, event(type, data))).not.toThrow();
      }
    }
    expect(() => evolveRex(rs, event('DecisionSealed', { kind: 'battle-plan' }))).not.toThrow();
    expect(describeRexEvent(event('BattleOpened', {}), 'en')).toBeUndefined();
  });
});
