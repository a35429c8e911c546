import { MatchHarness } from '@test/support/match-harness';
import { describeEvent } from '../../match/event-phrases';
import { REX_EVENT_TYPES } from './rex-events';
import { PHRASED_EVENTS } from './rex-phrasing';
import { rexRuleset } from './rex.ruleset';
import { seatsOf, step } from './rex.testkit';

describe('rex phrasing', () => {
  it('phrases every one of its events in English and Russian', () => {
    expect([...REX_EVENT_TYPES].sort()).toEqual([...PHRASED_EVENTS].sort());
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'hacan'));
    g.play('sol', 'begin');
    for (let i = 0; i < 120 && g.state.status === 'started'; i += 1) step(g);
    const own = g.events.filter((e) => REX_EVENT_TYPES.has(e.type));
    expect(own.length).toBeGreaterThan(20);
    for (const e of own) {
      const en = rexRuleset.describeEvent?.(e, 'en');
      const ru = rexRuleset.describeEvent?.(e, 'ru');
      expect([e.type, typeof en, typeof ru]).toEqual([e.type, 'string', 'string']);
      expect(en).not.toEqual(ru);
      expect(describeEvent(e, 'ru', { ruleset: rexRuleset })).toBe(ru);
    }
  });
});
