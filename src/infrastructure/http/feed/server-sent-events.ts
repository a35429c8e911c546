import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { BadRequestError } from '../../../application/errors';

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

/**
 * Sends `messages` as an event stream: text/event-stream, never stored by a cache, not
 * buffered by proxies, a keep-alive comment every KEEP_ALIVE_MS. The stream pulls a message
 * only when the client has taken the previous ones (backpressure), and ends the readers when
 * the client goes away.
 */
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

export function eventStream(
  reply: FastifyReply,
  messages: AsyncIterable<string>,
  abort: AbortController,
): Readable {
  void reply
    .header('content-type', `${EVENT_STREAM}; charset=utf-8`)
    .header('x-accel-buffering', 'no');
  // A token's read keeps the no-store set when it was read (request-limits.ts).
  if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-cache');
  const keepAlive = setInterval(() => {
    if (reply.raw.headersSent && !reply.raw.writableEnded) reply.raw.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  reply.raw.once('close', () => {
    clearInterval(keepAlive);
    abort.abort();
  });
  return Readable.from(opened(untilShutdown(messages)), {
    objectMode: false,
    highWaterMark: 16 * 1024,
  });
}

const SHUTDOWN_MESSAGE = sseMessage(
  JSON.stringify({
    detail: 'The server is shutting down: reconnect with Last-Event-ID to read on',
  }),
  undefined,
  'shutdown',
);

/** The messages, until the service shuts down: then a `shutdown` message ends the stream. */
async function* untilShutdown(messages: AsyncIterable<string>): AsyncGenerator<string> {
  let end!: () => void;
  const shutdown = new Promise<'shutdown'>((resolve) => (end = () => resolve('shutdown')));
  openStreams.add(end);
  const iterator = messages[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), shutdown]);
      if (next === 'shutdown') {
        yield SHUTDOWN_MESSAGE;
        return;
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    openStreams.delete(end);
    void iterator.return?.();
  }
}

/** How long EventSource waits before it reconnects (the stream's first line). */
const RECONNECT_MS = 3000;

/** The stream starts at once (headers and a first line), whether or not an event is there yet. */
async function* opened(messages: AsyncIterable<string>): AsyncGenerator<string> {
  yield `retry: ${RECONNECT_MS}\n\n`;
  yield* messages;
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
