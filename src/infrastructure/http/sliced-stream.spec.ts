import { performance } from 'node:perf_hooks';
import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  GIVE_WAY_MAX_MS,
  requestInFlight,
  slicedStream,
  timesStreamingGaveWay,
  type AnswerChunk,
} from './sliced-stream';

/** Pieces that resolve as microtasks only, as async generators over synchronous reads do. */
async function* microtaskPieces(count: number, piece: string, pulled?: { count: number }) {
  for (let i = 0; i < count; i += 1) {
    if (pulled) pulled.count += 1;
    yield piece;
  }
}

/** Holds the thread for `micros` µs: a piece that costs CPU, as a page of the store does. */
function spin(micros: number): void {
  const until = performance.now() + micros / 1000;
  while (performance.now() < until);
}

/** Pieces that each cost `micros` of CPU, so that slices end by time, not by size. */
async function* costlyPieces(count: number, micros: number) {
  for (let i = 0; i < count; i += 1) {
    spin(micros);
    yield 'c'.repeat(10);
  }
}

/** A sink that takes every write at once and records each chunk's size. */
function recordingSink(chunks: number[], onChunk?: () => void): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.length);
      onChunk?.();
      callback();
    },
  });
}

describe('slicedStream', () => {
  it('lets timers and I/O run between slices of a source that never waits', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const chunks: number[] = [];
    try {
      // 40 MB of text that a plain Readable.from would write inside one macrotask.
      await pipeline(
        slicedStream(microtaskPieces(40_000, 'x'.repeat(1000))),
        recordingSink(chunks),
      );
    } finally {
      clearInterval(timer);
    }
    expect(chunks.reduce((sum, size) => sum + size, 0)).toBe(40_000_000);
    expect(ticks).toBeGreaterThan(10);
  });

  it('shares a turn among the streams in rotation: four make slices a quarter as long', async () => {
    const bySize = { sliceBytes: Number.MAX_SAFE_INTEGER };
    const alone: number[] = [];
    await pipeline(slicedStream(costlyPieces(1000, 40), bySize), recordingSink(alone));
    const together: number[][] = [[], [], [], []];
    await Promise.all(
      together.map((chunks) =>
        pipeline(slicedStream(costlyPieces(1000, 40), bySize), recordingSink(chunks)),
      ),
    );
    // The same work per stream: a quarter of the turn each makes about four times the slices.
    const slicesTogether = together.reduce((sum, chunks) => sum + chunks.length, 0) / 4;
    expect(slicesTogether).toBeGreaterThan(2 * alone.length);
  });

  /** Pieces of 40 µs each, counting those made while `busy()` says a request is in flight. */
  async function* piecesCounting(count: number, busy: () => boolean, whileBusy: { count: number }) {
    for (let i = 0; i < count; i += 1) {
      if (busy()) whileBusy.count += 1;
      spin(40);
      yield 'c'.repeat(10);
    }
  }

  it('makes no slice while a request is in flight, and goes on once it is answered', async () => {
    let answer: (() => void) | undefined;
    const whileBusy = { count: 0 };
    const requests = { made: 0 };
    const gaveWayBefore = timesStreamingGaveWay();
    // Every 3 ms a request comes (in a timer, as a socket's data would) and is answered 2 ms later.
    const arrivals = setInterval(() => {
      if (answer) return;
      const answered = requestInFlight();
      requests.made += 1;
      answer = answered;
      setTimeout(() => {
        answer = undefined;
        answered();
      }, 2);
    }, 3);
    const chunks: number[] = [];
    try {
      await pipeline(
        slicedStream(
          piecesCounting(2000, () => answer !== undefined, whileBusy),
          {
            sliceBytes: Number.MAX_SAFE_INTEGER,
          },
        ),
        recordingSink(chunks),
      );
    } finally {
      clearInterval(arrivals);
      answer?.();
    }
    expect(requests.made).toBeGreaterThan(5);
    expect(timesStreamingGaveWay() - gaveWayBefore).toBeGreaterThan(0);
    // A request comes in a timer, between slices: not one piece was made while one was in flight.
    expect(whileBusy.count).toBe(0);
    expect(chunks.reduce((sum, size) => sum + size, 0)).toBe(2000 * 10);
  });

  it('never stops for a request that is never answered: a turn every GIVE_WAY_MAX_MS', async () => {
    const answered = requestInFlight();
    const chunks: number[] = [];
    const started = performance.now();
    try {
      await pipeline(
        slicedStream(costlyPieces(200, 40), { sliceBytes: Number.MAX_SAFE_INTEGER }),
        recordingSink(chunks),
      );
    } finally {
      answered();
    }
    // Each slice waited GIVE_WAY_MAX_MS at most: it ended, and not much later than that allows.
    expect(chunks.reduce((sum, size) => sum + size, 0)).toBe(200 * 10);
    expect(performance.now() - started).toBeLessThan(chunks.length * (GIVE_WAY_MAX_MS + 20) + 1000);
    expect(chunks.length).toBeGreaterThan(1);
  });

  it('does not give way to work that is no request (a long callback, a collection)', async () => {
    let streaming = true;
    const turn = (): void => {
      if (!streaming) return;
      spin(2000);
      setImmediate(turn);
    };
    setImmediate(turn);
    const before = timesStreamingGaveWay();
    const chunks: number[] = [];
    await pipeline(
      slicedStream(costlyPieces(1000, 40), { sliceBytes: Number.MAX_SAFE_INTEGER }),
      recordingSink(chunks),
    );
    streaming = false;
    expect(timesStreamingGaveWay() - before).toBe(0);
    expect(chunks.length).toBeGreaterThan(2);
  });

  it('gathers small pieces into slices of about the slice size', async () => {
    const chunks: number[] = [];
    await pipeline(
      slicedStream(microtaskPieces(1000, 'y'.repeat(100)), { sliceBytes: 10_000, sliceMs: 1e9 }),
      recordingSink(chunks),
    );
    expect(chunks).toEqual(Array.from({ length: 10 }, () => 10_000));
  });

  it('sends what it gathered when the source waits, before the next piece comes', async () => {
    // An order, not a time: the first two pieces reach the sink while the source still waits.
    const happened: string[] = [];
    async function* live(): AsyncGenerator<AnswerChunk> {
      yield 'first\n';
      yield 'second\n';
      await sleep(300);
      happened.push('third made');
      yield 'third\n';
    }
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => happened.push(`sent ${JSON.stringify(String(chunk))}`));
    await pipeline(slicedStream(live()), sink);
    expect(happened).toEqual(['sent "first\\nsecond\\n"', 'third made', 'sent "third\\n"']);
  });

  it('joins text and bytes in order', async () => {
    async function* mixed(): AsyncGenerator<AnswerChunk> {
      yield '{"a":';
      yield Buffer.from('«б»', 'utf8');
      yield '}\n';
    }
    const chunks: Buffer[] = [];
    await pipeline(
      slicedStream(mixed()),
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      }),
    );
    expect(Buffer.concat(chunks).toString('utf8')).toBe('{"a":«б»}\n');
  });

  it('stops pulling the source while nobody reads (backpressure)', async () => {
    const pulled = { count: 0 };
    const stream = slicedStream(microtaskPieces(100_000, 'z'.repeat(1000), pulled), {
      sliceBytes: 10_000,
    });
    stream.pause();
    stream.read(0);
    await sleep(100);
    // The stream's buffer (one slice) and the slice being gathered, not the whole source.
    expect(pulled.count).toBeGreaterThan(0);
    expect(pulled.count).toBeLessThanOrEqual(40);
    stream.destroy();
  });

  it('ends the source when the stream is destroyed', async () => {
    let finished = false;
    async function* endless(): AsyncGenerator<AnswerChunk> {
      try {
        for (;;) yield 'w'.repeat(1000);
      } finally {
        finished = true;
      }
    }
    const stream = slicedStream(endless(), { sliceBytes: 5000 });
    stream.once('data', () => stream.destroy());
    stream.resume();
    await new Promise((resolve) => stream.once('close', resolve));
    await sleep(20);
    expect(finished).toBe(true);
  });

  it('fails the stream with the source’s error', async () => {
    async function* failing(): AsyncGenerator<AnswerChunk> {
      yield 'a';
      throw new Error('store went away');
    }
    await expect(pipeline(slicedStream(failing()), recordingSink([]))).rejects.toThrow(
      'store went away',
    );
  });
});
