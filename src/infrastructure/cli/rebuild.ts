import { NestFactory } from '@nestjs/core';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { AppModule } from '../app.module';
import { ConfigError, loadConfig } from '../config/app-config';
import { createLogger } from '../observability/logging';
import { ServiceMetrics } from '../observability/metrics';
import { refuseWhileServiceRuns, ServiceRunningError } from '../persistence/service-lock';
import { MatchProjector } from '../readmodels/match-projector';
import { Progress } from './progress';

/**
 * `npm run rebuild`: drops every read model (match index, snapshots, checkpoints, statistics)
 * and builds them again from the event log. Read models are caches, so nothing is lost; it
 * refuses while the service runs on the same data directory.
 */
async function rebuild(): Promise<void> {
  const config = loadConfig();
  if (!config.eventStoreUrl) refuseWhileServiceRuns(config.dataDir, 'rebuild');
  console.log('Rebuilding the read models from the event log (the service must be stopped).');
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot(config, {
      logger: createLogger({ ...config.log, level: 'warn' }),
      metrics: new ServiceMetrics(),
    }),
    { logger: ['error', 'warn'] },
  );
  try {
    const started = process.hrtime.bigint();
    const head = await app.get<EventStore>(EVENT_STORE).lastPosition();
    // On the embedded store a position is an event's number; on EventStoreDB, a byte offset.
    const total = config.eventStoreUrl ? 0 : Number(head ?? 0n);
    const progress = new Progress('Rebuilding', 'events', total);
    const { events } = await app.get(MatchProjector).rebuild((done) => progress.update(done));
    progress.finish(events);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(`Rebuilt the read models from ${events} events in ${seconds.toFixed(1)} s`);
  } finally {
    await app.close();
  }
}

rebuild().catch((error: unknown) => {
  const refusal = error instanceof ConfigError || error instanceof ServiceRunningError;
  console.error(refusal ? error.message : error);
  process.exit(1);
});
