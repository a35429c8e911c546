import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** A piece of an answer: text, or bytes handed over as they are. */
export type AnswerChunk = string | Uint8Array;

/** What a slice gathers at most (text counted in UTF-16 units) before it goes to the socket. */
export const SLICE_BYTES = 64 * 1024;
/**
 * The event loop's time per turn that all streamed answers together may take, in ms: each
 * slice gets a share of it (never less than MIN_SLICE_MS), so four exports hold a turn no
 * longer than one.
 */
export const TURN_BUDGET_MS = 4;
/** The shortest slice: below it the turn's own cost (a write to the socket) starts to count. */
export const MIN_SLICE_MS = 0.5;
export interface SliceOptions {
  sliceBytes?: number;
  /** The longest a slice may hold the event loop, in ms (default: its share of TURN_BUDGET_MS). */
  sliceMs?: number;
  /** Bytes the stream holds before it waits for the client to read (a slice by default). */
  highWaterMark?: number;
}

const IDLE = Symbol('idle');

/** Streams that made a slice and wait for their next turn: the turn's sharers. */
let waitingForTurn = 0;

/** A slice's share of the turn: every stream in rotation gets as much, whatever their number. */
function sliceShareMs(): number {
  return Math.max(MIN_SLICE_MS, TURN_BUDGET_MS / (waitingForTurn + 1));
}

/** Waits for the next turn of the event loop, counted among the turn's sharers meanwhile. */
async function nextStreamingTurn(): Promise<void> {
  waitingForTurn += 1;
  try {
    await nextTurn();
  } finally {
    waitingForTurn -= 1;
  }
}

/**
 * The body of a streamed answer, written in bounded slices with a turn of the event loop
 * between them (issue 42). A source whose pieces resolve as microtasks (synchronous SQLite
 * reads behind async generators) would otherwise run to its end inside one macrotask whenever
 * the socket takes every write, and every other request (a decision, `/health/live`) would
 * wait for the whole answer. Each slice gathers pieces until it holds `sliceBytes`, has taken
 * its share of TURN_BUDGET_MS (so many concurrent answers together hold a turn no longer than
 * one), or the source has nothing ready (a live feed waiting for events: what is gathered
 * goes at once); its text is pushed as one chunk (bytes from the store as they are), so a
 * compressor flushing per write (compression.ts) sends each slice as it comes. The source is pulled only while the stream wants more
 * (backpressure from the socket or the compressor), and is ended when the stream is destroyed
 * (the client went away).
 */
export function slicedStream(
  source: AsyncIterable<AnswerChunk>,
  options: SliceOptions = {},
): Readable {
  const sliceBytes = options.sliceBytes ?? SLICE_BYTES;
  const iterator = source[Symbol.asyncIterator]();
  /** The source's next piece, asked for and not yet taken (kept across slices when idle). */
  let pending: Promise<IteratorResult<AnswerChunk>> | undefined;
  let ended = false;
  let pulling = false;

  async function gather(): Promise<AnswerChunk[] | null> {
    if (ended) return null;
    const parts: AnswerChunk[] = [];
    let size = 0;
    const started = performance.now();
    const sliceMs = options.sliceMs ?? sliceShareMs();
    // One check-phase tick per slice: it fires only when the source waits on real I/O.
    let idle: Promise<typeof IDLE> | undefined;
    for (;;) {
      pending ??= iterator.next();
      let result: IteratorResult<AnswerChunk> | typeof IDLE;
      if (parts.length === 0) result = await pending;
      else {
        idle ??= new Promise((resolve) => setImmediate(resolve, IDLE));
        result = await Promise.race([pending, idle]);
        if (result === IDLE) return joinedText(parts);
      }
      pending = undefined;
      if (result.done) {
        ended = true;
        return parts.length > 0 ? joinedText(parts) : null;
      }
      parts.push(result.value);
      size += result.value.length;
      if (size >= sliceBytes || performance.now() - started >= sliceMs) return joinedText(parts);
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
        let wanted = true;
        for (const chunk of slice) wanted = stream.push(chunk);
        // Full: the stream asks again (read) once the client has taken some.
        if (!wanted) return;
        // Other requests' I/O and timers run before the next slice is made.
        await nextStreamingTurn();
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

/**
 * The pieces with each run of text joined into one string; bytes stay as they are (copying a
 * store page into a bigger buffer cost more than the slicing saved: about 0.1 ms a page).
 */
function joinedText(parts: AnswerChunk[]): AnswerChunk[] {
  const chunks: AnswerChunk[] = [];
  let text: string[] = [];
  for (const part of parts) {
    if (typeof part === 'string') {
      text.push(part);
      continue;
    }
    if (text.length > 0) chunks.push(text.join(''));
    text = [];
    chunks.push(part);
  }
  if (text.length > 0) chunks.push(text.join(''));
  return chunks;
}
