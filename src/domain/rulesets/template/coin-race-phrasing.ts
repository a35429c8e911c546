import type { RecordedEvent } from '../../events/recorded-event';
import type { Lang } from '../ruleset';
import type { CoinRaceEvents } from './coin-race-events';

type Phrases = {
  [K in keyof CoinRaceEvents]: (data: CoinRaceEvents[K], lang: Lang) => string;
};

/** A sentence for each of the game's own events, in both languages. */
const PHRASES: Phrases = {
  RaceLaidOut: ({ order, length }, lang) =>
    lang === 'ru'
      ? `Дорожка из ${length} ${length % 10 === 1 && length % 100 !== 11 ? 'деления' : 'делений'}; ходят по очереди: ${order.join(', ')}`
      : `A track of ${length} spaces; turn order: ${order.join(', ')}`,
};

export function describeCoinRaceEvent(
  event: Pick<RecordedEvent, 'type' | 'data'>,
  lang: Lang,
): string | undefined {
  if (!Object.hasOwn(PHRASES, event.type)) return undefined;
  const phrase = PHRASES[event.type as keyof CoinRaceEvents];
  if (event.data === null || typeof event.data !== 'object') return undefined;
  return phrase(event.data as CoinRaceEvents[keyof CoinRaceEvents], lang);
}
