import { request, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * Stream readers for the bench's export and feed parts: raw node:http, so the client reads
 * as fast as the socket gives and counts what it needs without parsing whole documents.
 */

/**
 * Counts an ASCII `needle` in a stream of byte chunks, across chunk boundaries. Bytes, not
 * text: decoding the export's UTF-8 (Russian names) cost the reading process more than the
 * service spent sending it, and the reader, not the service, set the pace.
 */
export class Counter {
  count = 0;
  private readonly needle: Buffer;
  private tail: Buffer = Buffer.alloc(0);
  constructor(needle: string) {
    this.needle = Buffer.from(needle, 'latin1');
  }
  push(chunk: Buffer): void {
    const bytes = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    let at = bytes.indexOf(this.needle);
    while (at >= 0) {
      this.count += 1;
      at = bytes.indexOf(this.needle, at + this.needle.length);
    }
    this.tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - this.needle.length + 1)));
  }
}

/** GET `path` and read the whole body as it streams, calling `onChunk`; resolves at its end. */
export function streamBody(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  onChunk: (chunk: Buffer) => void,
  timeoutMs: number,
): Promise<{ status: number; firstByteMs: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = -1;
    const req = request(new URL(path, baseUrl), { headers, timeout: timeoutMs }, (res) => {
      res.on('data', (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = performance.now() - started;
        onChunk(chunk);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, firstByteMs, ms: performance.now() - started }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** What one reader of `readStreamsInThread` got. */
export interface StreamRead {
  status: number;
  firstByteMs: number;
  ms: number;
  /** How many times the counted needle came. */
  count: number;
}

/**
 * `readers` GETs of `path` read together on a thread of their own, each counting `needle`:
 * the stats sites beside the players. Their reading then never delays this thread's event
 * loop, so the latencies it times are the service's, not the time this process took to get
 * to an answer that had already come (measured: 4 readers in the timing thread made a
 * decision's p99 look half again as long).
 */
export function readStreamsInThread(
  baseUrl: string,
  path: string,
  readers: number,
  needle: string,
  timeoutMs: number,
): Promise<StreamRead[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      `require('@swc-node/register'); require(${JSON.stringify(__filename)}).runStreamReaders();`,
      { eval: true, workerData: { baseUrl, path, readers, needle, timeoutMs } },
    );
    let result: StreamRead[] | undefined;
    worker.once('message', (reads: StreamRead[]) => (result = reads));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`stream reader thread exited with ${code}`)),
    );
  });
}

/** The body of a reader thread (see readStreamsInThread). */
export async function runStreamReaders(): Promise<void> {
  const { baseUrl, path, readers, needle, timeoutMs } = workerData as {
    baseUrl: string;
    path: string;
    readers: number;
    needle: string;
    timeoutMs: number;
  };
  const reads = await Promise.all(
    Array.from({ length: readers }, async () => {
      const counter = new Counter(needle);
      const answer = await streamBody(baseUrl, path, {}, (chunk) => counter.push(chunk), timeoutMs);
      return { ...answer, count: counter.count };
    }),
  );
  parentPort?.postMessage(reads);
}

/** Delays in whole milliseconds, up to a minute (more counts as a minute): bounded memory. */
export class DelayHistogram {
  private readonly counts = new Uint32Array(60_001);
  total = 0;
  add(ms: number): void {
    this.counts[Math.min(60_000, Math.max(0, Math.round(ms)))] += 1;
    this.total += 1;
  }
  percentile(p: number): number {
    const rank = Math.ceil((p / 100) * this.total);
    let seen = 0;
    for (let ms = 0; ms < this.counts.length; ms += 1) {
      seen += this.counts[ms];
      if (seen >= rank) return ms;
    }
    return Number.NaN;
  }
}

/** One SSE reader of the feed: counts the events recorded since `sinceMs` and their commit→delivery delays. */
export class FeedSubscriber {
  events = 0;
  cutOff = false;
  /** The unfinished message at the end of what came so far. */
  private tail: Buffer = Buffer.alloc(0);
  private response?: IncomingMessage;

  constructor(
    private readonly sinceMs: number,
    private readonly delays: DelayHistogram,
  ) {}

  open(baseUrl: string, headers: Record<string, string>): Promise<void> {
    return new Promise((resolve, reject) => {
      const req = request(
        new URL('/api/v1/feed', baseUrl),
        { headers: { accept: 'text/event-stream', ...headers } },
        (res) => {
          this.response = res;
          if (res.statusCode !== 200) reject(new Error(`feed answered ${res.statusCode}`));
          res.on('data', (chunk: Buffer) => this.read(chunk));
          res.on('error', () => undefined);
          resolve();
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  close(): void {
    this.response?.destroy();
  }

  /**
   * Scans the bytes once, message by message, and keeps only the unfinished tail. Bytes, not
   * text: decoding a thousand readers' UTF-8 (the events name zones in Russian) cost this process
   * about 10 ns a byte, so the readers, not the service, set the pace of the fan-out.
   */
  private read(chunk: Buffer): void {
    const now = Date.now();
    const bytes = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    if (bytes.includes(CUT_OFF)) this.cutOff = true;
    let start = 0;
    for (
      let end = bytes.indexOf(END_OF_MESSAGE);
      end >= 0;
      end = bytes.indexOf(END_OF_MESSAGE, start)
    ) {
      const at = bytes.indexOf(RECORDED_AT, start);
      if (at >= 0 && at < end) {
        const from = at + RECORDED_AT.length;
        const recordedAt = Date.parse(bytes.toString('latin1', from, from + ISO_TIME_LENGTH));
        if (recordedAt >= this.sinceMs) {
          this.events += 1;
          this.delays.add(now - recordedAt);
        }
      }
      start = end + END_OF_MESSAGE.length;
    }
    this.tail = Buffer.from(bytes.subarray(start));
  }
}

const CUT_OFF = Buffer.from('event: cut-off');
const END_OF_MESSAGE = Buffer.from('\n\n');
const RECORDED_AT = Buffer.from('"recordedAt":"');
/** 2026-11-25T10:00:00.000Z */
const ISO_TIME_LENGTH = 24;
