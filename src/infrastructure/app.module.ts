import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { HttpModule } from './http/http.module';
import { PersistenceModule } from './persistence/persistence.module';
import { WebModule } from './web/web.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
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
