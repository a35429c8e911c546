import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** A small keep-alive JSON client over node:http (the bench's "real HTTP client"). */
export class JsonClient {
  private readonly agent: Agent;

  constructor(
    private readonly baseUrl: string,
    maxSockets = 16,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  /** Sends one request; resolves with the status, the parsed body and the time to the last byte. */
  send<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    options: { token?: string; body?: unknown; timeoutMs?: number } = {},
  ): Promise<{ status: number; body: T; ms: number }> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const url = new URL(path, this.baseUrl);
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            accept: 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
          },
          timeout: options.timeoutMs ?? 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const ms = performance.now() - started;
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              // not JSON: keep the text
            }
            resolve({ status: res.statusCode ?? 0, body: body as T, ms });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Like send, but throws unless the status is the expected one. */
  async expect<T = unknown>(
    status: number,
    method: 'GET' | 'POST',
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<T> {
    const response = await this.send<T>(method, path, options);
    if (response.status !== status) {
      throw new Error(
        `${method} ${path}: expected ${status}, got ${response.status} ${JSON.stringify(response.body).slice(0, 500)}`,
      );
    }
    return response.body;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function inParallel<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function percentile(sortedAscending: number[], p: number): number {
  if (sortedAscending.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sortedAscending.length) - 1;
  return sortedAscending[Math.min(sortedAscending.length - 1, Math.max(0, rank))];
}
