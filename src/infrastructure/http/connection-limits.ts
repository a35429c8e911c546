import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';
import { TooManyRequestsError } from './too-many-requests.error';
import type { ConnectionLimits } from '../config/app-config';
import { rawProblemResponse } from './client-error.handler';
import { trustedPeer } from './client-address';

/**
 * The server options that bound how long a client may take: Fastify's own default leaves
 * the request time unbounded, so a body announced as 10 bytes and sent as 1 held its socket
 * for as long as the client liked.
 */
export function connectionTimeouts(limits: ConnectionLimits): FastifyHttpOptions<Server> {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingInterval(limits),
    },
  };
}

/**
 * Node checks the header and request deadlines only on this beat (30 s by default), so a
 * trickling request is closed up to one beat after its deadline: a tenth of the shorter
 * timeout, at most a second, keeps that within 10% (31 s at the 30 s default).
 */
export function connectionsCheckingInterval(limits: ConnectionLimits): number {
  const shorter = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return Math.min(1000, Math.ceil(shorter / 10));
}

/**
 * While the server closes, closes each connection as soon as it carries no request. Node's
 * `server.close()` closes only the kept-alive connections idle at that moment, so one whose
 * response ended later (a request in flight, a live stream the shutdown ends) stayed open for
 * the whole keep-alive timeout (65 s). And Node counts a connection on which no byte has come
 * yet as busy (its headers deadline runs from the connect, and stops with the close), so a
 * preconnected socket (a browser's speculative connection, a pooled one whose request was
 * cancelled first) held the close until its client let go: 30 s in CI, the process's bound in
 * production. Create it with the server, so it knows every connection; `start` on close.
 */
export function closingSweep(server: Server, everyMs = 50): { start(): void; stop(): void } {
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    server.closeIdleConnections();
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  };
  return {
    start() {
      if (timer) return;
      sweep();
      timer = setInterval(sweep, everyMs);
      // Never what keeps a process alive.
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/**
 * Caps open connections in total (the rest are dropped as they arrive) and per client
 * address (the rest get a 429 problem and are closed), so one client cannot exhaust the
 * process's file handles. A trusted proxy's connections carry many clients, so they count
 * only towards the total: limit connections per client at the proxy.
 */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits,
  trustedProxies: readonly string[] = [],
): void {
  server.maxConnections = limits.maxConnections;
  const openByAddress = new Map<string, number>();
  const isTrustedProxy = trustedPeer(trustedProxies);
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (isTrustedProxy(address)) return;
    const open = (openByAddress.get(address) ?? 0) + 1;
    if (open > limits.maxConnectionsPerAddress) {
      socket.write(
        rawProblemResponse(
          new TooManyRequestsError(
            `Too many open connections from ${address} (at most ${limits.maxConnectionsPerAddress}): reuse or close some`,
            1,
          ),
        ),
      );
      socket.destroySoon();
      return;
    }
    openByAddress.set(address, open);
    socket.once('close', () => {
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left === 0) openByAddress.delete(address);
      else openByAddress.set(address, left);
    });
  });
}
