import { request, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * Stream readers for the bench's export and feed parts: raw node:http, so the client reads
 * as fast as the socket gives and counts what it needs without parsing whole documents.
 */

/** Counts `needle` in a stream of chunks, across chunk boundaries. */
export class Counter {
  count = 0;
  private tail = '';
  constructor(private readonly needle: string) {}
  push(chunk: string): void {
    const text = this.tail + chunk;
    let at = text.indexOf(this.needle);
    while (at >= 0) {
      this.count += 1;
      at = text.indexOf(this.needle, at + this.needle.length);
    }
    this.tail = text.slice(Math.max(0, text.length - this.needle.length + 1));
  }
}

/** GET `path` and read the whole body as it streams, calling `onChunk`; resolves at its end. */
export function streamBody(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  onChunk: (chunk: string) => void,
  timeoutMs: number,
): Promise<{ status: number; firstByteMs: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = -1;
    const req = request(new URL(path, baseUrl), { headers, timeout: timeoutMs }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
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
