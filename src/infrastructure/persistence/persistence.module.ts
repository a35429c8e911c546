import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { CLOCK } from '../../application/ports/clock.port';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { RNG } from '../../application/ports/rng.port';
import { SECRETS } from '../../application/ports/secrets.port';
import { SIGNING_KEY } from '../../application/ports/signer.port';
import { TOKEN_STORE } from '../../application/ports/token-store.port';
import { TOURNAMENT_REGISTRY } from '../../application/ports/tournament-registry.port';
import { eventStoreProvider } from '../eventstore/event-store.provider';
import { SqliteEventStore } from '../eventstore/sqlite/sqlite-event-store';
import { CryptoRng } from './crypto-rng';
import { LOCAL_DATABASE, localDatabaseProvider } from './local-database.provider';
import { signingKeyProvider } from './signing-key';
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
    {
      provide: SECRETS,
      inject: [LOCAL_DATABASE],
      useFactory: (db: Database.Database) => new SqliteSecrets(db),
    },
    {
      provide: TOKEN_STORE,
      inject: [LOCAL_DATABASE],
      useFactory: (db: Database.Database) => new SqliteTokenStore(db),
    },
    {
      provide: TOURNAMENT_REGISTRY,
      inject: [LOCAL_DATABASE],
      useFactory: (db: Database.Database) => new SqliteTournamentRegistry(db),
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
