import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { ConfigError, loadConfig } from '../config/app-config';
import { createLogger } from '../observability/logging';
import { MatchProjector } from '../readmodels/match-projector';

/**
 * `npm run rebuild`: drops every read model (match index, snapshots, checkpoints) and
 * builds them again from the event log. Safe at any time: read models are caches.
 * Run it with the service stopped (it uses the same data directory).
 */
async function rebuild(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot(config, createLogger(config.log)),
    {
      logger: ['error', 'warn'],
    },
  );
  try {
    const started = process.hrtime.bigint();
    const { events } = await app.get(MatchProjector).rebuild();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(`Rebuilt the read models from ${events} events in ${seconds.toFixed(1)} s`);
  } finally {
    await app.close();
  }
}

rebuild().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
