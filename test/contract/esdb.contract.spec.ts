import { EsdbEventStore } from '../../src/infrastructure/eventstore/esdb/esdb-event-store';
import { startEsdbFake } from '../support/esdb-fake/esdb-fake';
import { describeEventStoreContract } from './event-store.contract';

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
