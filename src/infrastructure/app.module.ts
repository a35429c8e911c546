import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { ServiceMetrics } from './observability/metrics';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { HttpModule } from './http/http.module';
import { PersistenceModule } from './persistence/persistence.module';
import { WebModule } from './web/web.module';

@Module({})
export class AppModule {
  static forRoot(
    config: AppConfig,
    { logger, metrics }: { logger: Logger; metrics: ServiceMetrics },
  ): DynamicModule {
    return {
      module: AppModule,
      global: true,
      providers: [{ provide: ServiceMetrics, useValue: metrics }],
      exports: [ServiceMetrics],
      imports: [
        ConfigModule.forRoot(config),
        // Nest's Logger writes through the same pino logger as Fastify's access lines. No
        // middleware: Fastify names each request itself (see observability/logging.ts).
        LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true, forRoutes: [] }),
        PersistenceModule,
        CqrsModule.forRoot(),
        HttpModule,
        WebModule,
      ],
    };
  }
}
