import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** A piece of an answer: text, or bytes handed over as they are. */
export type AnswerChunk = string | Uint8Array;

/** What a slice gathers at most (text counted in UTF-16 units) before it goes to the socket. */
export const SLICE_BYTES = 64 * 1024;
/** The longest a slice may hold the event loop while it gathers, in ms. */
export const SLICE_MS = 5;

export interface SliceOptions {
  sliceBytes?: number;
  sliceMs?: number;
  /** Bytes the stream holds before it waits for the client to read (a slice by default). */
  highWaterMark?: number;
}

const IDLE = Symbol('idle');

/**
 * The body of a streamed answer, written in bounded slices with a turn of the event loop
 * between them (issue 42). A source whose pieces resolve as microtasks (synchronous SQLite
 * reads behind async generators) would otherwise run to its end inside one macrotask whenever
 * the socket takes every write, and every other request (a decision, `/health/live`) would
 * wait for the whole answer. Each slice gathers pieces until it holds `sliceBytes`, has taken
 * `sliceMs`, or the source has nothing ready (a live feed waiting for events: what is gathered
 * goes at once); it is pushed as one chunk, so a compressor flushing per write (compression.ts)
 * sends each slice as it comes. The source is pulled only while the stream wants more
 * (backpressure from the socket or the compressor), and is ended when the stream is destroyed
 * (the client went away).
 */
export function slicedStream(
  source: AsyncIterable<AnswerChunk>,
  options: SliceOptions = {},
): Readable {
  const sliceBytes = options.sliceBytes ?? SLICE_BYTES;
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const iterator = source[Symbol.asyncIterator]();
  /** The source's next piece, asked for and not yet taken (kept across slices when idle). */
  let pending: Promise<IteratorResult<AnswerChunk>> | undefined;
  let ended = false;
  let pulling = false;

  async function gather(): Promise<AnswerChunk | null> {
    if (ended) return null;
    const parts: AnswerChunk[] = [];
    let size = 0;
    const started = performance.now();
    // One check-phase tick per slice: it fires only when the source waits on real I/O.
    let idle: Promise<typeof IDLE> | undefined;
    for (;;) {
      pending ??= iterator.next();
      let result: IteratorResult<AnswerChunk> | typeof IDLE;
      if (parts.length === 0) result = await pending;
      else {
        idle ??= new Promise((resolve) => setImmediate(resolve, IDLE));
        result = await Promise.race([pending, idle]);
        if (result === IDLE) return joined(parts);
      }
      pending = undefined;
      if (result.done) {
        ended = true;
        return parts.length > 0 ? joined(parts) : null;
      }
      parts.push(result.value);
      size += result.value.length;
      if (size >= sliceBytes || performance.now() - started >= sliceMs) return joined(parts);
    }
  }

  async function pull(): Promise<void> {
    pulling = true;
    try {
      while (!stream.destroyed) {
        const slice = await gather();
        if (stream.destroyed) return;
        if (slice === null) {
          stream.push(null);
          return;
        }
        // Full: the stream asks again (read) once the client has taken some.
        if (!stream.push(slice)) return;
        // Other requests' I/O and timers run before the next slice is made.
        await nextTurn();
      }
    } catch (error) {
      stream.destroy(error as Error);
    } finally {
      pulling = false;
    }
  }

  const stream = new Readable({
    highWaterMark: options.highWaterMark ?? sliceBytes,
    read() {
      if (!pulling) void pull();
    },
    destroy(error, callback) {
      // Not awaited: a generator waiting for a live event ends once its wait does.
      if (!ended) iterator.return?.(undefined).catch(() => undefined);
      callback(error);
    },
  });
  return stream;
}

/** One chunk of the pieces: text when they are all text, else their UTF-8 bytes. */
function joined(parts: AnswerChunk[]): AnswerChunk {
  if (parts.length === 1) return parts[0];
  if (parts.every((part) => typeof part === 'string')) return parts.join('');
  return Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : part)),
  );
}
