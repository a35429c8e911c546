import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { BadRequestError } from '../../../application/errors';
import { slicedStream } from '../sliced-stream';

export const EVENT_STREAM = 'text/event-stream';
export const NDJSON = 'application/x-ndjson';

/** A comment line this often keeps proxies and the idle timeout from closing a quiet stream. */
export const KEEP_ALIVE_MS = 15_000;

/** One SSE message: `id` lets EventSource resume with Last-Event-ID. */
export function sseMessage(data: string, id?: string, event?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}${event === undefined ? '' : `event: ${event}\n`}data: ${data}\n\n`;
}

/**
 * An AbortController that aborts when the response is over (sent, or the client went away):
 * the readers behind a stream stop waiting for events no one will read.
 */
export function abortWhenClosed(reply: FastifyReply): AbortController {
  const abort = new AbortController();
  reply.raw.once('close', () => abort.abort());
  return abort;
}

/** How each open event stream is ended when the service shuts down. */
const openStreams = new Set<() => void>();

/** Event streams (the feed's and the matches') open now in this process: a metric. */
export function openEventStreams(): number {
  return openStreams.size;
}

/**
 * Ends every open event stream with a final `shutdown` message (the service is stopping):
 * the clients reconnect elsewhere, or later, with their Last-Event-ID, and lose nothing.
 */
export function endEventStreams(): void {
  for (const end of openStreams) end();
}

/** The open event streams, kept alive by one timer for all of them (none while there are none). */
const keptAlive = new Set<FastifyReply['raw']>();
let keepAliveTimer: NodeJS.Timeout | undefined;

function keepAlive(raw: FastifyReply['raw']): void {
  keptAlive.add(raw);
  keepAliveTimer ??= setInterval(() => {
    for (const open of keptAlive)
      if (open.headersSent && !open.writableEnded) open.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  raw.once('close', () => {
    keptAlive.delete(raw);
    if (keptAlive.size === 0 && keepAliveTimer) {
      clearInterval(keepAliveTimer);
      keepAliveTimer = undefined;
    }
  });
}

/**
 * Sends `messages` as an event stream: text/event-stream, never stored by a cache, not
 * buffered by proxies, a keep-alive comment every KEEP_ALIVE_MS. The stream pulls a message
 * only when the client has taken the previous ones (backpressure), and ends the readers when
 * the client goes away. Messages may come as bytes already framed (shared by many readers).
 */
export function eventStream(
  reply: FastifyReply,
  messages: AsyncIterable<string | Buffer>,
  abort: AbortController,
): Readable {
  void reply
    .header('content-type', `${EVENT_STREAM}; charset=utf-8`)
    .header('x-accel-buffering', 'no');
  // A token's read keeps the no-store set when it was read (request-limits.ts).
  if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-cache');
  keepAlive(reply.raw);
  reply.raw.once('close', () => abort.abort());
  return slicedStream(untilShutdown(messages), { highWaterMark: 16 * 1024 });
}

/** How long EventSource waits before it reconnects (the stream's first line). */
const RECONNECT_MS = 3000;

const SHUTDOWN_MESSAGE = sseMessage(
  JSON.stringify({
    detail: 'The server is shutting down: reconnect with Last-Event-ID to read on',
  }),
  undefined,
  'shutdown',
);

/**
 * The stream: it starts at once (headers and a first line), whether or not an event is there
 * yet; then the messages, until the service shuts down: then a `shutdown` message ends it.
 */
async function* untilShutdown(
  messages: AsyncIterable<string | Buffer>,
): AsyncGenerator<string | Buffer> {
  let ended = false;
  let interrupt: ((value: 'shutdown') => void) | undefined;
  const end = () => {
    ended = true;
    interrupt?.('shutdown');
  };
  openStreams.add(end);
  const iterator = messages[Symbol.asyncIterator]();
  try {
    yield `retry: ${RECONNECT_MS}\n\n`;
    while (!ended) {
      // A fresh promise each time: racing one long-lived promise would keep a reaction on it
      // per message for as long as the stream is open (about 300 bytes each, measured).
      const next = await Promise.race([
        iterator.next(),
        new Promise<'shutdown'>((resolve) => (interrupt = resolve)),
      ]);
      if (next === 'shutdown') break;
      if (next.done) return;
      yield next.value;
    }
    yield SHUTDOWN_MESSAGE;
  } finally {
    openStreams.delete(end);
    void iterator.return?.();
  }
}

/**
 * The resume point of a stream: `Last-Event-ID` (sent by EventSource when it reconnects) wins
 * over the query's `after`. Either must be decimal digits; the name of the one used goes into
 * refusals.
 */
export function resumePoint(
  lastEventId: string | undefined,
  after: string | number | undefined,
  maxDigits: number,
): { value?: string; name: string } {
  if (lastEventId === undefined)
    return { value: after === undefined ? undefined : String(after), name: 'after' };
  if (!new RegExp(`^\\d{1,${maxDigits}}$`).test(lastEventId.trim()))
    throw new BadRequestError(
      `Last-Event-ID must be an id this stream sent: up to ${maxDigits} decimal digits`,
      'invalid-header',
    );
  return { value: lastEventId.trim(), name: 'Last-Event-ID' };
}
