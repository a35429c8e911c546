import type { TokenRecord, TokenStore } from '../../src/application/ports/token-store.port';

/**
 * What every token store does with read tokens (issue 42): lists them by issuer with their
 * scope and limits, finds one by hash, revokes one by id (once). One case for the SQLite and
 * the event-store token stores.
 */
export async function expectReadTokensListedAndRevoked(tokens: TokenStore): Promise<void> {
  const reader = (n: number, issuedBy: string): TokenRecord => ({
    hash: `r${n}`.padEnd(64, 'f'),
    kind: 'reader',
    subject: `reader-${n}`,
    name: `Сайт ${n}`,
    scope: { tournamentIds: ['cup'], organizer: issuedBy },
    limits: { requestsPerMinute: 60 * n, openStreams: n },
    issuedBy,
    createdAt: `2026-12-07T09:00:0${n}.000Z`,
  });
  await tokens.insert([reader(1, 'org-a'), reader(2, 'org-b'), reader(3, 'org-a')]);
  expect((await tokens.readTokens('org-a')).map((t) => t.subject)).toEqual([
    'reader-1',
    'reader-3',
  ]);
  expect(await tokens.findByHash(reader(2, 'org-b').hash)).toEqual(reader(2, 'org-b'));
  expect(await tokens.revokeReadToken('reader-1', '2026-12-07T10:00:00.000Z')).toBe(
    reader(1, 'org-a').hash,
  );
  expect(await tokens.findByHash(reader(1, 'org-a').hash)).toBeUndefined();
  expect((await tokens.readTokens()).map((t) => t.subject)).toEqual(['reader-2', 'reader-3']);
  expect(await tokens.revokeReadToken('reader-1', '2026-12-07T10:00:01.000Z')).toBeUndefined();
}
