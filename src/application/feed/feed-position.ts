import { BadRequestError } from '../errors';

/**
 * A place in the feed (DESIGN §7): the feed orders events by when they became visible to the
 * reader. `at` is the log position of the event that made them visible (the event itself, a
 * later decision that moved the spectator delay past it, or the end of its match); `seq`,
 * given, is the last event of that match taken of those made visible at `at`. Without `seq`
 * the place is after everything made visible at `at`, so a plain log position is a place
 * too, and an event visible the moment it is recorded has its own log position as its place.
 */
export interface FeedPosition {
  at: bigint;
  seq?: number;
}

/** How a feed position is written: `1024`, or `1024-17` for event 17 made visible at 1024. */
export const FEED_POSITION = /^(\d{1,20})(?:-(\d{1,15}))?$/;

export function formatFeedPosition({ at, seq }: FeedPosition): string {
  return seq === undefined ? String(at) : `${at}-${seq}`;
}

/** Whether `a` comes after `b` in the feed. */
export function isAfter(a: FeedPosition, b: FeedPosition): boolean {
  if (a.at !== b.at) return a.at > b.at;
  if (a.seq === undefined) return b.seq !== undefined;
  return b.seq !== undefined && a.seq > b.seq;
}

/**
 * Reads a position a reader sent back (`after`, `Last-Event-ID`); a 400 saying what a valid
 * one looks like otherwise.
 */
export function parseFeedPosition(text: string, name: string): FeedPosition {
  const match = FEED_POSITION.exec(text.trim());
  if (!match)
    throw new BadRequestError(
      {
        en: `${name} must be a feed position this feed sent: decimal digits such as 1024, or two numbers joined by a hyphen such as 1024-17 (the \`position\` of the last event you have)`,
        ru: `${name === 'after' ? 'Параметр after' : `Заголовок ${name}`} должен быть позицией, которую прислала эта лента: число, например 1024, или два числа через дефис, например 1024-17 (поле position последнего полученного события)`,
      },
      name === 'after' ? 'invalid-query' : 'invalid-header',
    );
  return match[2] === undefined
    ? { at: BigInt(match[1]) }
    : { at: BigInt(match[1]), seq: Number(match[2]) };
}
