import type { LoggerService, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { problemClientErrorHandler, problemFrameworkErrors } from './http/client-error.handler';
import { useCompression } from './http/compression';
import { connectionTimeouts, limitConnections } from './http/connection-limits';
import { useJsonBodiesOnly } from './http/json-body.parser';
import { useAuthenticationAndRateLimits } from './http/request-limits';
import { useSecurityHeaders } from './http/security-headers';
import { setupOpenApi } from './http/openapi';
import { cacheValidationMetadataLookups } from './http/validation-metadata-cache';

export interface CreateAppOptions {
  /** Nest's logger; tests pass `false` or a few levels. */
  logger?: LoggerService | LogLevel[] | false;
}

/** Builds and initializes the app without listening: main.ts listens, tests may use port 0. */
export async function createApp(
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  cacheValidationMetadataLookups();
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config),
    new FastifyAdapter({
      ...connectionTimeouts(config.connections),
      bodyLimit: config.bodyLimit,
      clientErrorHandler: problemClientErrorHandler,
      frameworkErrors: problemFrameworkErrors,
    }),
    // Throw on a startup error instead of exiting the process, so the caller reports it.
    { abortOnError: false, ...(options.logger !== undefined && { logger: options.logger }) },
  );
  limitConnections(app.getHttpServer(), config.connections);
  useSecurityHeaders(app);
  await useCompression(app);
  useAuthenticationAndRateLimits(app, config.rateLimits);
  useJsonBodiesOnly(app, config.bodyLimit);
  setupOpenApi(app);
  await app.init();
  return app;
}
