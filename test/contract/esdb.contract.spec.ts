import { EsdbEventStore } from '../../src/infrastructure/eventstore/esdb/esdb-event-store';
import { startEsdbFake } from '../support/esdb-fake/esdb-fake';
import { EventStoreSigningKeyRecords } from '../../src/infrastructure/persistence/signing-key-records';
import { describeEventStoreContract } from './event-store.contract';
import { describeSigningKeyRecordsContract } from './signing-key-records.contract';
import { describeTransparencyLogContract } from './transparency-log.contract';
import { randomUUID } from 'node:crypto';
import { TRANSPARENCY_TILES_STREAM } from '../../src/domain/transparency';
import { EventStoreLogTileStore } from '../../src/infrastructure/persistence/in-event-store/event-store-log-tile-store';

/** Always: the adapter and the real client against the gRPC fake, appending through BatchAppend. */
describeEventStoreContract('eventstoredb (gRPC fake)', async () => {
  const fake = await startEsdbFake();
  const store = new EsdbEventStore({ connectionString: fake.connectionString });
  return {
    store,
    async cleanup() {
      await store.close();
      await fake.close();
    },
  };
});

/** With EVENTSTORE_URL set (e.g. esdb://localhost:2113?tls=false): against that real server. */
const realServer = process.env.EVENTSTORE_URL;
if (realServer) {
  describeEventStoreContract(`eventstoredb (${realServer})`, async () => {
    const store = new EsdbEventStore({ connectionString: realServer });
    return { store, cleanup: () => store.close() };
  });
}

/** The public keys' streams, through a second client as another replica would. */
describeSigningKeyRecordsContract('eventstoredb (gRPC fake)', async () => {
  const fake = await startEsdbFake();
  const stores = [new EsdbEventStore({ connectionString: fake.connectionString })];
  return {
    records: new EventStoreSigningKeyRecords(stores[0]),
    async reopened() {
      stores.push(new EsdbEventStore({ connectionString: fake.connectionString }));
      return new EventStoreSigningKeyRecords(stores[stores.length - 1]);
    },
    async cleanup() {
      for (const store of stores) await store.close();
      await fake.close();
    },
  };
});

/** The transparency log's stream, read and appended by two clients as two replicas would. */
describeTransparencyLogContract('eventstoredb (gRPC fake)', async () => {
  const fake = await startEsdbFake();
  const stores = [new EsdbEventStore({ connectionString: fake.connectionString })];
  return {
    store: stores[0],
    async reopened() {
      stores.push(new EsdbEventStore({ connectionString: fake.connectionString }));
      return stores[stores.length - 1];
    },
    tilesOf: (store) => new EventStoreLogTileStore(store),
    async alterStoredTile(store, height, index) {
      // Streams are append-only: the altered tile is a second record of it.
      const stored = (await new EventStoreLogTileStore(store).tiles()).find(
        (tile) => tile.height === height && tile.index === index,
      );
      const hashes = Buffer.from(stored!.hashes);
      hashes[40] ^= 1;
      await store.append(
        TRANSPARENCY_TILES_STREAM,
        [
          {
            eventId: randomUUID(),
            type: 'LogTileStored',
            data: { height, index, hashes: hashes.toString('base64') },
            meta: {},
          },
        ],
        'any',
      );
    },
    async cleanup() {
      for (const store of stores) await store.close();
      await fake.close();
    },
  };
});
