import { recordedEventJson, type StoredEvent } from '../ports/event-store.port';
import { CryptoRng } from '../../infrastructure/persistence/crypto-rng';
import { freshIdsFor, fromStoredEvent } from './recorded-event.mapping';

describe('recordedEventJson', () => {
  it('is the text JSON.stringify gives of the event read from the store, without parsing it', () => {
    const stored: StoredEvent = {
      stream: 'match-0b0e2a4c-7a0e-4d4e-9d57-0d7e0e6f1a10',
      revision: 12n,
      position: 345n,
      eventId: '6f1c3f8e-2a57-4c1e-8d55-3b6c1f0d2e99',
      type: 'CardsDrawn',
      data: {
        '10': 'number-like keys first',
        cards: ['c1'],
        note: 'текст "кавычки" \u2028',
        n: -0,
      },
      meta: {
        hash: 'ab'.repeat(32),
        visibility: 'seat:red',
        recordedAt: '2026-11-25T07:00:00.000Z',
      },
    };
    // Text as JSON.stringify writes it (how the stores wrote events before they kept canonical
    // JSON); recordedEventJson passes any stored text on as it is.
    const json = {
      ...stored,
      data: JSON.stringify(stored.data),
      meta: JSON.stringify(stored.meta),
    };
    const matchId = stored.stream.slice('match-'.length);
    expect(recordedEventJson(json, matchId)).toBe(JSON.stringify(fromStoredEvent(stored)));
  });
});

describe('freshIdsFor', () => {
  it("gives events time-ordered ids (UUID v7), so the store's event id index grows at its end", () => {
    const events = [1, 2, 3].map((n) => ({ type: 'PiecesMoved', data: { n } }));
    const { eventIds } = freshIdsFor(new CryptoRng(), events);
    expect(eventIds).toHaveLength(3);
    for (const id of eventIds) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    expect(new Set(eventIds).size).toBe(3);
  });
});
