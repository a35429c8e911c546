import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { LoadRun } from './decision-load';
import { inParallel, percentile } from './http';
import { areaId, DEFAULT_SIZE, pieceId, SEATS } from './scenario';

/**
 * The decision load on the boardgame.io peer, at the same concurrency as autocannon's: each of
 * `connections` socket.io clients drives its own share of the matches, one move in flight at a
 * time (as an HTTP/1.1 connection without pipelining), each move sent with the match's current
 * stateID and counted when the server's broadcast of the new state arrives.
 */
export async function setUpPeerMatches(url: string, count: number): Promise<string[]> {
  return inParallel(Array.from({ length: count }), 8, async () => {
    const response = await fetch(`${url}/games/bench/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ numPlayers: 2 }),
    });
    if (!response.ok) throw new Error(`boardgame.io create: ${response.status}`);
    return ((await response.json()) as { matchID: string }).matchID;
  });
}

interface Driven {
  matchId: string;
  socket: Socket;
  stateId: number;
  waiter?: (stateId: number) => void;
}

/** A socket synced to one match: its stateID kept current from the server's broadcasts. */
async function connectedMatch(url: string, matchId: string): Promise<Driven> {
  const socket = io(`${url}/bench`, { transports: ['websocket'], forceNew: true });
  const match: Driven = { matchId, socket, stateId: -1 };
  const onState = (id: string, stateId: number) => {
    if (id !== matchId) return;
    match.stateId = stateId;
    const waiter = match.waiter;
    match.waiter = undefined;
    waiter?.(stateId);
  };
  socket.on('sync', (id: string, sync: { state: { _stateID: number } }) =>
    onState(id, sync.state._stateID),
  );
  socket.on('update', (id: string, state: { _stateID: number }) => onState(id, state._stateID));
  socket.on('patch', (id: string, _prev: number, stateId: number) => onState(id, stateId));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const synced = new Promise<number>((resolve) => (match.waiter = resolve));
  socket.emit('sync', matchId, '0', undefined, 2);
  await synced;
  return match;
}

export async function loadPeer(
  url: string,
  target: string,
  matchIds: string[],
  seconds: number,
  connections: number,
): Promise<LoadRun> {
  const sockets: Socket[] = [];
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  try {
    const shares = Array.from({ length: connections }, (_, c) =>
      matchIds.filter((_, i) => i % connections === c),
    ).filter((share) => share.length > 0);
    // boardgame.io's socket transport keeps one match per socket (its last sync), so each match
    // gets its own socket; each of the `connections` drivers takes turns over its share.
    const drivers = await Promise.all(
      shares.map(async (share) => {
        const matches = await Promise.all(share.map((matchId) => connectedMatch(url, matchId)));
        sockets.push(...matches.map((match) => match.socket));
        return matches;
      }),
    );
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      drivers.map(async (matches) => {
        for (let turn = 0; performance.now() < deadline; turn += 1) {
          const match = matches[turn % matches.length];
          const player = String(turn % 2);
          const seat = SEATS[turn % 2];
          const piece = pieceId(seat, 1 + Math.floor(Math.random() * DEFAULT_SIZE.piecesPerSeat));
          const to = areaId(1 + Math.floor(Math.random() * DEFAULT_SIZE.zones));
          const sent = performance.now();
          const answered = new Promise<number | undefined>((resolve) => {
            match.waiter = resolve;
            setTimeout(() => resolve(undefined), 10_000).unref();
          });
          match.socket.emit(
            'update',
            { type: 'MAKE_MOVE', payload: { type: 'move', args: [piece, to], playerID: player } },
            match.stateId,
            match.matchId,
            player,
          );
          if ((await answered) === undefined) {
            errors += 1;
            match.waiter = undefined;
          } else {
            ok += 1;
            latencies.push(performance.now() - sent);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      target,
      seconds: elapsed,
      ok,
      perSecond: ok / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      non2xx: 0,
      errors,
      timeouts: 0,
      statusCodes: {},
      samples: [],
    };
  } finally {
    for (const socket of sockets) socket.close();
  }
}
