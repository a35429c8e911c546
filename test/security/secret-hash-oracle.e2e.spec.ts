import { createHash } from 'node:crypto';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import { hashEvent } from '../../src/domain/events/hash-chain';
import type { RecordedEvent } from '../../src/domain/events/recorded-event';
import { saltedCommitment } from '../../src/domain/events/secret-commitment';
import {
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
  anyDecision,
} from '../support/api-client';
import { ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CARDS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];

/** Every ordering of `items` (6 cards: 720). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/**
 * What an outside tester did to a redacted event: put a guess of the secret back and hash it
 * the way the chain hashed every event before commitments, sha256(prevHash +
 * canonicalJson(event without meta.hash)); also try the commitment itself, bare and with an
 * empty salt. Returns the guesses that reproduce a published hash.
 */
function guessesThatMatch(redacted: Json, guesses: unknown[]): unknown[] {
  const { redacted: _flag, ...event } = redacted;
  const { hash, ...meta } = event.meta as Json;
  return guesses.filter((secret) => {
    const candidate = { ...event, data: { ...event.data, secret }, meta };
    const chained = createHash('sha256')
      .update(meta.prevHash + canonicalJson(candidate))
      .digest('hex');
    const bare = createHash('sha256').update(canonicalJson(secret)).digest('hex');
    return chained === hash || bare === meta.secretCommitment;
  });
}

/**
 * Issue 10, finding 3: the public hash of an event was an oracle for its hidden secret. Blue
 * watched red shuffle a deck of six known cards and draw two, then tried every pair against
 * the hash of the redacted CardsDrawn (and every order against the redacted DeckShuffled).
 */
describe('security: the hash chain is no oracle for hidden cards', () => {
  let running: TestApp;
  let api: Api;

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
  });
  afterAll(() => running.close());

  it('a seat cannot recover the cards another seat drew, nor a shuffled order, from the hashes it sees', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб');
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: {
            zones: [{ id: 'deck', kind: 'deck', visibility: 'nobody' }],
            pieces: CARDS.map((id) => ({ id, type: `card-${id}`, zone: 'deck' })),
          },
        },
      }),
      201,
    );
    const id = created.matchId;
    const token = seatSessions(created);
    for (const seat of ['red', 'blue'])
      ok(
        await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: token[seat].headers,
          params: { path: { id, seat } },
          body: { name: seat },
        }),
        201,
      );
    ok(
      await api.client.POST('/api/v1/matches/{id}/start', {
        headers: token.red.headers,
        params: { path: { id } },
      }),
      201,
    );
    const decide = async (kind: string, params: Json) =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: token.red.headers,
          params: { path: { id } },
          body: anyDecision({ kind, params }),
        }),
        201,
      );
    await decide('shuffle', { deck: 'deck' });
    await decide('draw', { deck: 'deck', count: 2 });

    const eventsAs = async (who?: Session) =>
      ok(
        await api.client.GET('/api/v1/matches/{id}/events', {
          headers: who?.headers,
          params: { path: { id }, query: { limit: 1000 } },
        }),
      ).events as Json[];
    const asBlue = await eventsAs(token.blue);
    const drawn = asBlue.find((e) => e.type === 'CardsDrawn')!;
    const shuffled = asBlue.find((e) => e.type === 'DeckShuffled')!;
    expect(drawn).toMatchObject({ redacted: true });
    expect(drawn.data).not.toHaveProperty('secret');
    expect(drawn.meta).not.toHaveProperty('secretSalt');
    expect(shuffled.data).not.toHaveProperty('secret');

    const pairs = CARDS.flatMap((a) =>
      CARDS.filter((b) => b !== a).map((b) => ({ pieces: [a, b] })),
    );
    expect(pairs).toHaveLength(30);
    expect(guessesThatMatch(drawn, pairs)).toEqual([]);
    const orders = permutations(CARDS).map((order) => ({ order, before: CARDS }));
    expect(guessesThatMatch(shuffled, orders)).toEqual([]);

    // Still verifiable: the redacted events hash to what the chain says, with nothing hidden.
    for (const event of [drawn, shuffled]) {
      const { redacted: _flag, ...seen } = event;
      expect(hashEvent(seen as RecordedEvent)).toBe(event.meta.hash);
    }

    // Red, who drew, sees the cards with their salt at once and can open the commitment.
    const asRed = (await eventsAs(token.red)).find((e) => e.type === 'CardsDrawn')!;
    expect(asRed.meta.secretSalt).toMatch(/^[0-9a-f]{32}$/);
    expect(saltedCommitment(asRed.meta.secretSalt, asRed.data.secret)).toBe(
      drawn.meta.secretCommitment,
    );
    expect(asRed.meta.hash).toBe(drawn.meta.hash);

    // Once the match ends everyone sees secret and salt, and the whole chain verifies.
    await decide('concede', {});
    const ended = await eventsAs();
    const revealed = ended.find((e) => e.type === 'DeckShuffled')!;
    expect(saltedCommitment(revealed.meta.secretSalt, revealed.data.secret)).toBe(
      revealed.meta.secretCommitment,
    );
    const audit = ok(
      await api.client.GET('/api/v1/matches/{id}/audit', {
        headers: token.blue.headers,
        params: { path: { id } },
      }),
    );
    expect(audit).toMatchObject({ verified: true });
  });
});
