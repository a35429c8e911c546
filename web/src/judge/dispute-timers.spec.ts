import type { ViewEvent } from '../replay/replay-engine';
import { pausedSince } from './dispute-timers';
import { formatDuration } from './ruling-words';

describe('the desk’s timers', () => {
  const at = (type: string, recordedAt: string): ViewEvent =>
    ({ seq: 0, type, data: {}, meta: { recordedAt } }) as unknown as ViewEvent;

  it('times the pause in force from its MatchPaused, none after the resume', () => {
    const paused = at('MatchPaused', '2026-12-07T04:00:00Z');
    const resumed = at('MatchResumed', '2026-12-07T04:05:00Z');
    const again = at('MatchPaused', '2026-12-07T04:10:00Z');
    expect(pausedSince([paused])).toBe('2026-12-07T04:00:00Z');
    expect(pausedSince([paused, resumed])).toBeUndefined();
    expect(pausedSince([paused, resumed, again])).toBe('2026-12-07T04:10:00Z');
  });

  it('says a duration to the second, with hours only when there are some', () => {
    expect(formatDuration(65_400, 'ru')).toBe('1 мин 5 с');
    expect(formatDuration(3_725_000, 'ru')).toBe('1 ч 2 мин 5 с');
    expect(formatDuration(7_200_000, 'en')).toBe('2 h 0 min 0 s');
    expect(formatDuration(-5, 'en')).toBe('0 min 0 s');
  });
});
