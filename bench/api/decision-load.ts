import autocannon from 'autocannon';
import { cpuSeconds, type Server } from './processes';
import { JsonClient, inParallel } from './http';
import { areaId, DEFAULT_SIZE, freeformSetup, pieceId, SEATS, seatSpecs } from './scenario';

/**
 * The decision load of the benchmarks: started freeform matches set up over HTTP, then
 * autocannon sending `move` decisions on random matches by their seat tokens.
 */
export interface BenchMatch {
  matchId: string;
  tokens: Record<string, string>;
}

export async function setUpMatches(
  client: JsonClient,
  count: number,
  adminToken: string,
): Promise<BenchMatch[]> {
  const organizer = await client.expect<{ token: string }>(201, 'POST', '/api/v1/organizers', {
    token: adminToken,
    body: { name: 'bench organizer' },
  });
  const setup = freeformSetup();
  return inParallel(Array.from({ length: count }), 8, async (_, i) => {
    const created = await client.expect<{
      matchId: string;
      seatTokens: { seat: string; token: string }[];
    }>(201, 'POST', '/api/v1/matches', {
      token: organizer.token,
      body: { ruleset: 'freeform', title: `bench match ${i + 1}`, seats: seatSpecs(), setup },
    });
    const tokens = Object.fromEntries(created.seatTokens.map((t) => [t.seat, t.token]));
    for (const seat of SEATS) {
      await client.expect(201, 'POST', `/api/v1/matches/${created.matchId}/seats/${seat}/claim`, {
        token: tokens[seat],
        body: { name: `Player ${seat} ${i + 1}` },
      });
    }
    await client.expect(201, 'POST', `/api/v1/matches/${created.matchId}/start`, {
      token: organizer.token,
    });
    return { matchId: created.matchId, tokens };
  });
}

export interface LoadRun {
  target: string;
  seconds: number;
  ok: number;
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** A few non-2xx answers, to explain them. */
  samples: string[];
  /** The server's CPU time (user + system) per 2xx answer, when its pid is known. */
  cpuMsPerRequest?: number;
}

/** `load` on a server of ours, with the CPU time it spent per answer. */
export async function loadServer(
  server: Server,
  target: string,
  matches: BenchMatch[],
  seconds: number,
  connections: number,
  roundRobin?: RoundRobin,
): Promise<LoadRun> {
  const cpuBefore = cpuSeconds(server.pid);
  const run = await load(server.url, target, matches, seconds, connections, roundRobin);
  return { ...run, cpuMsPerRequest: (1000 * (cpuSeconds(server.pid) - cpuBefore)) / run.ok };
}

/** Where a round-robin load goes on: the next match's index, kept across runs. */
export interface RoundRobin {
  next: number;
}

/**
 * One autocannon run: each request a `move` by one of a match's seat tokens, on a random match,
 * or on each match in turn (`roundRobin`, carried over from run to run, so that every match
 * gets decisions once the runs together have sent as many as there are matches).
 */
export async function load(
  url: string,
  target: string,
  matches: BenchMatch[],
  seconds: number,
  connections: number,
  roundRobin?: RoundRobin,
): Promise<LoadRun> {
  const samples: string[] = [];
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const match = roundRobin
            ? matches[roundRobin.next++ % matches.length]
            : matches[Math.floor(Math.random() * matches.length)];
          const seat = SEATS[Math.floor(Math.random() * SEATS.length)];
          const piece = pieceId(seat, 1 + Math.floor(Math.random() * DEFAULT_SIZE.piecesPerSeat));
          const to = areaId(1 + Math.floor(Math.random() * DEFAULT_SIZE.zones));
          return {
            ...request,
            method: 'POST',
            path: `/api/v1/matches/${match.matchId}/decisions`,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${match.tokens[seat]}`,
            },
            body: JSON.stringify({ kind: 'move', params: { pieces: [piece], to } }),
          };
        },
        onResponse: (status, body) => {
          if ((status < 200 || status > 299) && samples.length < 5)
            samples.push(`${status} ${body.slice(0, 300)}`);
        },
      },
    ],
  });
  const elapsed = (result.finish.getTime() - result.start.getTime()) / 1000;
  return {
    target,
    seconds: elapsed,
    ok: result['2xx'],
    perSecond: result['2xx'] / elapsed,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
    samples,
  };
}
