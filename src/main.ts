import { createApp } from './infrastructure/app.factory';
import { ConfigError, loadConfig } from './infrastructure/config/app-config';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  // SIGTERM / SIGINT close the app: subscriptions stop, then the stores close cleanly.
  app.enableShutdownHooks();
  try {
    await app.listen(config.port, config.host);
  } catch (error) {
    await app.close();
    throw error;
  }
  // Fastify's logger has said where it listens.
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
