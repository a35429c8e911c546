import { h, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import type { ViewEvent } from '../replay/replay-engine';
import { formatDuration, formatSecond, rulingWords as w } from './ruling-words';

/** When the pause in force began (its MatchPaused's time), if the match is paused. */
export function pausedSince(events: readonly ViewEvent[]): string | undefined {
  let since: string | undefined;
  for (const event of events) {
    if (event.type === 'MatchPaused') since = event.meta.recordedAt;
    if (event.type === 'MatchResumed') since = undefined;
  }
  return since;
}

/**
 * How long the dispute has been open and the match paused, ticking every second while the
 * page is open; a ruled dispute's timer stops at its ruling, the pause's at the resume.
 */
export function DisputeTimers({
  lang,
  events,
  openedAt,
  ruledAt,
}: {
  lang: Lang;
  events: readonly ViewEvent[];
  openedAt: string;
  ruledAt?: string;
}): JSX.Element {
  const [now, setNow] = useState(() => Date.now());
  const paused = pausedSince(events);
  // Ticks while either timer runs: an open dispute, or a pause in force (also after a ruling).
  const running = !ruledAt || paused !== undefined;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const until = ruledAt ? Date.parse(ruledAt) : now;
  return h(
    'section',
    { class: 'dispute-timers', 'aria-labelledby': 'timers-title' },
    h('h2', { id: 'timers-title', class: 'sr-only' }, w('timersTitle', lang)),
    h(
      'p',
      { 'data-timer': 'opened', title: formatSecond(openedAt, lang) },
      w(ruledAt ? 'openUntilRuling' : 'sinceOpened', lang, {
        time: formatDuration(until - Date.parse(openedAt), lang),
      }),
    ),
    h(
      'p',
      { 'data-timer': 'paused', ...(paused ? { title: formatSecond(paused, lang) } : {}) },
      paused
        ? w('sincePaused', lang, { time: formatDuration(now - Date.parse(paused), lang) })
        : w('notPaused', lang),
    ),
  );
}

/** How long the match has been paused (from `since`), ticking every second: for the queue's cards. */
export function PausedFor({ lang, since }: { lang: Lang; since: string }): JSX.Element {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return h(
    'span',
    { 'data-timer': 'paused', title: formatSecond(since, lang) },
    w('pauseRunning', lang, { time: formatDuration(now - Date.parse(since), lang) }),
  );
}
