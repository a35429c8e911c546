import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ServiceMetrics } from './observability/metrics';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { HttpModule } from './http/http.module';
import { PersistenceModule } from './persistence/persistence.module';
import { WebModule } from './web/web.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, { metrics }: { metrics: ServiceMetrics }): DynamicModule {
    return {
      module: AppModule,
      global: true,
      providers: [{ provide: ServiceMetrics, useValue: metrics }],
      exports: [ServiceMetrics],
      imports: [
        ConfigModule.forRoot(config),
        PersistenceModule,
        CqrsModule.forRoot(),
        HttpModule,
        WebModule,
      ],
    };
  }
}
