import { trustedPeer } from './client-address';

describe('trustedPeer', () => {
  it('matches the listed addresses and CIDRs, IPv4 peers of a dual-stack socket included', () => {
    const trusted = trustedPeer(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '10.200.3.4', 'fd12::1'])
      expect([address, trusted(address)]).toEqual([address, true]);
    for (const address of ['127.0.0.2', '11.0.0.1', '::1', 'fe80::1', ''])
      expect([address, trusted(address)]).toEqual([address, false]);
  });

  it('trusts no peer when no proxy is listed', () => {
    expect(trustedPeer([])('127.0.0.1')).toBe(false);
  });
});
