import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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
 * While requests are in flight (a decision, a probe, a page: read and not yet answered),
 * streaming leaves the event loop to them, for at most this long at a time: a request then
 * passes through its turns (its reading, the signing thread, the group commit, its answer)
 * without a turn of slices before each, and a stream of requests still leaves streaming a turn
 * every GIVE_WAY_MAX_MS. Alone, streaming takes every turn. (A pause after any turn in which a
 * request came ended before a decision's later turns; gaps measured between turns also catch
 * the loop's own upkeep: at 0.5 ms a lone export paused after one turn in six.)
 */
export const GIVE_WAY_MAX_MS = 2 * TURN_BUDGET_MS;

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
 * sharers), the requests in flight, and the wait streaming takes while there are (one for
 * all, so that streams do not stagger their waits and keep the loop from the requests).
 */
const rotation = {
  waiting: 0,
  requestsInFlight: 0,
  givingWay: undefined as { done: Promise<void>; end: () => void } | undefined,
  timesGivenWay: 0,
};

/**
 * Counts a request in flight until its answer goes out (or its connection closes first):
 * streaming gives way to it meanwhile (GIVE_WAY_MAX_MS). Returns the function that says its
 * answer is out; a streamed answer says so once it starts, as it is no longer work in flight.
 */
export function requestInFlight(): () => void {
  rotation.requestsInFlight += 1;
  let answered = false;
  return () => {
    if (answered) return;
    answered = true;
    rotation.requestsInFlight -= 1;
    if (rotation.requestsInFlight === 0) rotation.givingWay?.end();
  };
}

/** Every request the service reads is counted in flight until its answer goes out. */
export function useStreamingGivesWayToRequests(fastify: FastifyInstance): void {
  const answeredOf = new WeakMap<FastifyRequest, () => void>();
  fastify.addHook('onRequest', (request, reply, done) => {
    const answered = requestInFlight();
    answeredOf.set(request, answered);
    reply.raw.once('close', answered);
    done();
  });
  fastify.addHook('onSend', (request, _reply, payload, done) => {
    answeredOf.get(request)?.();
    done(null, payload);
  });
}

/** How many times streaming gave way to requests since start (a metric). */
export function timesStreamingGaveWay(): number {
  return rotation.timesGivenWay;
}

/**
 * Waits until no request is in flight, or GIVE_WAY_MAX_MS: the same wait for every stream.
 */
function giveWayToRequests(): Promise<void> {
  if (!rotation.givingWay) {
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    const timer = setTimeout(end, GIVE_WAY_MAX_MS);
    rotation.givingWay = { done, end };
    rotation.timesGivenWay += 1;
    void done.then(() => {
      clearTimeout(timer);
      rotation.givingWay = undefined;
    });
  }
  return rotation.givingWay.done;
}

/** A slice's share of the turn: every stream in rotation gets as much, whatever their number. */
function sliceShareMs(): number {
  return Math.max(MIN_SLICE_MS, TURN_BUDGET_MS / (rotation.waiting + 1));
}

/**
 * Waits for the next turn of the event loop, and then, while requests are in flight, until
 * they are answered (at most GIVE_WAY_MAX_MS).
 */
async function nextStreamingTurn(): Promise<void> {
  rotation.waiting += 1;
  try {
    await nextTurn();
    if (rotation.requestsInFlight > 0) await giveWayToRequests();
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
