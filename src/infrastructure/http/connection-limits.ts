import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';
import { TooManyRequestsError } from './too-many-requests.error';
import type { ConnectionLimits } from '../config/app-config';
import { rawProblemResponse } from './client-error.handler';

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
      // Node checks the header and request deadlines on this beat (30 s by default).
      connectionsCheckingInterval: Math.min(1000, Math.ceil(limits.headersTimeoutMs / 4)),
    },
  };
}

/**
 * Caps open connections in total (the rest are dropped as they arrive) and per client
 * address (the rest get a 429 problem and are closed), so one client cannot exhaust the
 * process's file handles.
 */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  const openByAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
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
