import type { FactoryProvider } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ServiceMetrics } from '../observability/metrics';
import { EsdbEventStore } from './esdb/esdb-event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

/** EventStoreDB when EVENTSTORE_URL is set, else the embedded SQLite file in the data dir. */
export const eventStoreProvider: FactoryProvider<EventStore> = {
  provide: EVENT_STORE,
  inject: [APP_CONFIG, ServiceMetrics],
  useFactory: (
    { eventStoreUrl, dataDir, maxEventBytes }: AppConfig,
    { observeCommit: onCommit }: ServiceMetrics,
  ): EventStore =>
    eventStoreUrl
      ? new EsdbEventStore({ connectionString: eventStoreUrl, maxEventBytes, onCommit })
      : new SqliteEventStore({ dataDir, maxEventBytes, onCommit }),
};
