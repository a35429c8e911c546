import { randomUUID } from 'node:crypto';
import {
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type EventStore,
} from '../../../application/ports/event-store.port';

/**
 * Small records kept in the event store, one stream per record (`token-<hash>`,
 * `seed-<matchId>`, `tournament-<id>`): written once, read by any replica. They are not match
 * streams, so no read model, feed or export ever reads them.
 */
export class StreamRecords {
  constructor(private readonly store: EventStore) {}

  /** Writes the record if its stream is new; false (nothing written) when it already exists. */
  async create(stream: string, type: string, data: object): Promise<boolean> {
    try {
      await this.store.append(
        stream,
        [{ eventId: randomUUID(), type, data, meta: {} }],
        'no_stream',
      );
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return false;
      throw error;
    }
  }

  /** Appends to a stream that may already exist. */
  async add(stream: string, type: string, data: object): Promise<void> {
    await this.store.append(stream, [{ eventId: randomUUID(), type, data, meta: {} }], 'any');
  }

  /** Every record of the stream, oldest first; none when there is no such stream. */
  async all<T>(stream: string): Promise<T[]> {
    const found: T[] = [];
    try {
      for await (const event of this.store.read(stream)) found.push(event.data as T);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return found;
  }

  /** The first record of the stream, or undefined when there is none. */
  async first<T>(stream: string): Promise<T | undefined> {
    try {
      for await (const event of this.store.read(stream, { limit: 1 })) return event.data as T;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
    return undefined;
  }
}
