import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { CLOCK } from '../../application/ports/clock.port';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { LOG_TILE_STORE } from '../../application/ports/log-tile-store.port';
import { RNG } from '../../application/ports/rng.port';
import { SECRETS } from '../../application/ports/secrets.port';
import { SIGNING_KEY } from '../../application/ports/signer.port';
import { TOKEN_STORE } from '../../application/ports/token-store.port';
import { TOURNAMENT_REGISTRY } from '../../application/ports/tournament-registry.port';
import { eventStoreProvider } from '../eventstore/event-store.provider';
import { SqliteEventStore } from '../eventstore/sqlite/sqlite-event-store';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CryptoRng } from './crypto-rng';
import { EventStoreLogTileStore } from './in-event-store/event-store-log-tile-store';
import { EventStoreSecrets } from './in-event-store/event-store-secrets';
import { EventStoreTokenStore } from './in-event-store/event-store-token-store';
import { EventStoreTournamentRegistry } from './in-event-store/event-store-tournament-registry';
import { SecretKeyring } from './in-event-store/secret-keyring';
import { StreamRecords } from './in-event-store/stream-records';
import { LOCAL_DATABASE, localDatabaseProvider } from './local-database.provider';
import { signingKeyProvider } from './signing-key';
import { SqliteLogTileStore } from './sqlite-log-tile-store';
import { SqliteSecrets } from './sqlite-secrets';
import { SqliteTokenStore } from './sqlite-token-store';
import { SqliteTournamentRegistry } from './sqlite-tournament-registry';
import { SystemClock } from './system-clock';

/** The storage and system ports, available to every module. */
@Global()
@Module({
  providers: [
    eventStoreProvider,
    localDatabaseProvider,
    // On EventStoreDB, what is not a cache lives in the event store, so that any replica can
    // serve any request; on the embedded store, in its own file.
    {
      provide: SECRETS,
      inject: [APP_CONFIG, EVENT_STORE, LOCAL_DATABASE],
      useFactory: (config: AppConfig, store: EventStore, db: Database.Database) =>
        config.eventStoreUrl
          ? new EventStoreSecrets(new StreamRecords(store), keyringOf(config))
          : new SqliteSecrets(db),
    },
    {
      provide: TOKEN_STORE,
      inject: [APP_CONFIG, EVENT_STORE, LOCAL_DATABASE],
      useFactory: (config: AppConfig, store: EventStore, db: Database.Database) =>
        config.eventStoreUrl
          ? new EventStoreTokenStore(new StreamRecords(store))
          : new SqliteTokenStore(db),
    },
    {
      provide: TOURNAMENT_REGISTRY,
      inject: [APP_CONFIG, EVENT_STORE, LOCAL_DATABASE],
      useFactory: (config: AppConfig, store: EventStore, db: Database.Database) =>
        config.eventStoreUrl
          ? new EventStoreTournamentRegistry(new StreamRecords(store))
          : new SqliteTournamentRegistry(db),
    },
    {
      // The transparency log's tiles: in the leaf's own transaction where the store is SQLite.
      provide: LOG_TILE_STORE,
      inject: [EVENT_STORE],
      useFactory: (store: EventStore) =>
        store instanceof SqliteEventStore
          ? new SqliteLogTileStore(store)
          : new EventStoreLogTileStore(store),
    },
    { provide: CLOCK, useClass: SystemClock },
    { provide: RNG, useClass: CryptoRng },
    signingKeyProvider,
  ],
  exports: [
    EVENT_STORE,
    LOCAL_DATABASE,
    SECRETS,
    TOKEN_STORE,
    TOURNAMENT_REGISTRY,
    LOG_TILE_STORE,
    CLOCK,
    RNG,
    SIGNING_KEY,
  ],
})
export class PersistenceModule implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOCAL_DATABASE) private readonly database: Database.Database,
  ) {}

  /**
   * Runs after every module's onModuleDestroy, so subscriptions and read models have stopped
   * before their stores close.
   */
  async onApplicationShutdown(): Promise<void> {
    // In SQLite mode the local database is the event store's connection: the store closes it.
    if (!(this.store instanceof SqliteEventStore)) this.database.close();
    await this.store.close();
  }
}

function keyringOf(config: AppConfig): SecretKeyring {
  // loadConfig refuses EventStoreDB mode without MATCHLOG_SECRET_KEY.
  if (!config.secretKeys) throw new Error('MATCHLOG_SECRET_KEY is not configured');
  return new SecretKeyring(config.secretKeys.current, config.secretKeys.previous);
}
