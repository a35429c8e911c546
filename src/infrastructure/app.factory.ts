import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { problemClientErrorHandler, problemFrameworkErrors } from './http/client-error.handler';
import { useChainBreakHeader } from './http/chain-break.header';
import { useIgnoredQueryParamsHeaders } from './http/ignored-query-params';
import { useWeakEntityTags } from './http/weak-entity-tag';
import { useCompression } from './http/compression';
import { endEventStreams } from './http/feed/server-sent-events';
import { closingSweep, connectionTimeouts, limitConnections } from './http/connection-limits';
import { useJsonBodiesOnly } from './http/json-body.parser';
import { useAuthenticationAndRateLimits } from './http/request-limits';
import { useSecurityHeaders } from './http/security-headers';
import { useStreamingGivesWayToRequests } from './http/sliced-stream';
import { setupOpenApi } from './http/openapi';
import { cacheValidationMetadataLookups } from './http/validation-metadata-cache';
import type { DestinationStream } from 'pino';
import { APP_VERSION } from './config/package-info';
import { waitForEventStore } from './eventstore/wait-for-store';
import {
  createLogger,
  NestLogger,
  requestLogOptions,
  useRequestIds,
} from './observability/logging';
import { ServiceMetrics } from './observability/metrics';

export interface CreateAppOptions {
  /** Where the log lines go (a test captures them); standard output by default. */
  logDestination?: DestinationStream;
}

/** Builds and initializes the app without listening: main.ts listens, tests may use port 0. */
export async function createApp(
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  cacheValidationMetadataLookups();
  const logger = createLogger(config.log, options.logDestination);
  if (config.eventStoreUrl) await waitForEventStore(config.eventStoreUrl, logger);
  const metrics = new ServiceMetrics({ version: APP_VERSION, store: storeKind(config) });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, { metrics }),
    new FastifyAdapter({
      loggerInstance: logger,
      ...requestLogOptions(metrics),
      ...connectionTimeouts(config.connections),
      bodyLimit: config.bodyLimit,
      // Behind these proxies, request.ip is the client X-Forwarded-For names (client-address.ts).
      trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
      clientErrorHandler: problemClientErrorHandler,
      frameworkErrors: problemFrameworkErrors,
    }),
    // Throw on a startup error instead of exiting the process, so the caller reports it;
    // Nest's lines, its first ones too, are the service's pino lines.
    { abortOnError: false, logger: new NestLogger(logger) },
  );
  limitConnections(app.getHttpServer(), config.connections, config.trustedProxies);
  const fastify = app.getHttpAdapter().getInstance();
  useRequestIds(fastify);
  useStreamingGivesWayToRequests(fastify);
  // Closing: live streams end with a final message so the server can finish its requests,
  // and each connection is closed once it carries no request, not at its keep-alive timeout;
  // the log is written asynchronously, so its last lines go out before the process ends.
  const sweep = closingSweep(app.getHttpServer());
  fastify.addHook('preClose', (done) => {
    endEventStreams();
    sweep.start();
    done();
  });
  fastify.addHook('onClose', (_instance, done) => {
    sweep.stop();
    logger.info('matchlog stopped: requests finished, live streams ended, the store closed');
    logger.flush(() => done());
  });
  useSecurityHeaders(app);
  useChainBreakHeader(app);
  useIgnoredQueryParamsHeaders(app);
  useWeakEntityTags(app);
  await useCompression(app);
  useAuthenticationAndRateLimits(app, config.rateLimits, config.metricsToken);
  useJsonBodiesOnly(app, config.bodyLimit);
  setupOpenApi(app);
  try {
    await app.init();
  } catch (error) {
    // A start refused while the modules start (the transparency log's stored tree): what did
    // start (subscriptions, the stores) stops before the refusal is said.
    await app.close().catch(() => undefined);
    throw error;
  }
  logger.info(
    {
      version: APP_VERSION,
      node: process.version,
      store: storeKind(config),
      dataDir: config.dataDir,
    },
    `matchlog ${APP_VERSION} starting on Node ${process.version}, ${storeKind(config) === 'sqlite' ? 'the embedded SQLite store' : 'EventStoreDB'}, data in ${config.dataDir}`,
  );
  return app;
}

/** Which event store the service runs on, as the start line and `matchlog_build_info` say. */
export function storeKind(config: Pick<AppConfig, 'eventStoreUrl'>): 'sqlite' | 'eventstoredb' {
  return config.eventStoreUrl ? 'eventstoredb' : 'sqlite';
}
