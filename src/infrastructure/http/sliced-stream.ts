import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn, setTimeout as pause } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

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
/**
 * When a request came while streaming took its turn (a decision, a probe, a page), streaming
 * leaves the event loop idle this long before its next turn: the request then passes through
 * its turns (reading it, signing, the group commit, the answer) at once rather than behind a
 * turn of slices in each, and streaming takes about half of a busy loop. Alone it takes every
 * turn. (Measured gaps between turns would also catch the loop's own upkeep: at 0.5 ms a
 * lone export paused after one turn in six and lost a fifth of its speed.)
 */
export const BUSY_PAUSE_MS = TURN_BUDGET_MS;

export interface SliceOptions {
  sliceBytes?: number;
  /** The longest a slice may hold the event loop, in ms (default: its share of TURN_BUDGET_MS). */
  sliceMs?: number;
  /** Bytes the stream holds before it waits for the client to read (a slice by default). */
  highWaterMark?: number;
}

const IDLE = Symbol('idle');

/**
 * The rotation of every streamed answer of the process: how many wait for a turn (the turn's
 * sharers), how many requests came since streaming last went on, and the pause it takes while
 * requests come (one for all, so that streams do not stagger their pauses and keep the loop
 * from going idle).
 */
const rotation = {
  waiting: 0,
  requestsSinceTurn: 0,
  busyPause: undefined as Promise<void> | undefined,
  busyPauses: 0,
};

/** Tells streaming a request came: its next turn waits for the busy pause. */
export function requestArrived(): void {
  rotation.requestsSinceTurn += 1;
}

/** Every request the service reads tells streaming it came (see BUSY_PAUSE_MS). */
export function useStreamingGivesWayToRequests(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (_request, _reply, done) => {
    requestArrived();
    done();
  });
}

/** How many busy pauses streaming took since start (`matchlog_streaming_busy_pauses_total`). */
export function streamingBusyPauses(): number {
  return rotation.busyPauses;
}

/** A slice's share of the turn: every stream in rotation gets as much, whatever their number. */
function sliceShareMs(): number {
  return Math.max(MIN_SLICE_MS, TURN_BUDGET_MS / (rotation.waiting + 1));
}

/**
 * Waits for the next turn of the event loop, and then, when a request came since streaming
 * last went on, for the busy pause (BUSY_PAUSE_MS) as well.
 */
async function nextStreamingTurn(): Promise<void> {
  rotation.waiting += 1;
  try {
    await nextTurn();
    if (rotation.busyPause === undefined) {
      if (rotation.requestsSinceTurn === 0) return;
      rotation.requestsSinceTurn = 0;
      rotation.busyPauses += 1;
      rotation.busyPause = pause(BUSY_PAUSE_MS).then(() => {
        rotation.busyPause = undefined;
      });
    }
    await rotation.busyPause;
  } finally {
    rotation.waiting -= 1;
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
