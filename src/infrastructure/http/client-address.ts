import { BlockList, isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The address a request came from, the one every per-address limit and the access log use:
 * Fastify's `request.ip`. That is the socket's peer, or, when the peer is one of
 * MATCHLOG_TRUSTED_PROXIES (Fastify's `trustProxy`), the nearest untrusted address in
 * `X-Forwarded-For`; an untrusted peer's `X-Forwarded-For` is ignored.
 */
export function clientAddress(request: FastifyRequest): string {
  return request.ip;
}

/**
 * Whether a socket's peer is one of the trusted proxies (addresses or CIDRs, as loadConfig
 * checked them). Such a peer carries many clients' requests, so a cap on the connections of
 * one address does not apply to it.
 */
export function trustedPeer(proxies: readonly string[]): (address: string) => boolean {
  if (proxies.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of proxies) {
    const [address, prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    // A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d.
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (v4 !== undefined || isIPv4(address)) return list.check(v4 ?? address, 'ipv4');
    return list.check(address, 'ipv6');
  };
}
