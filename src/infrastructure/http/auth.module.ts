import { Global, Module } from '@nestjs/common';
import { AUTH_OPTIONS, type AuthOptions, TokenService } from '../../application/auth/token.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AdminTokenBootstrap } from './admin-token.bootstrap';

/** TokenService for every module (match creation issues seat tokens with it). */
@Global()
@Module({
  providers: [
    {
      provide: AUTH_OPTIONS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): AuthOptions => ({ adminToken: config.adminToken }),
    },
    TokenService,
    AdminTokenBootstrap,
  ],
  exports: [TokenService],
})
export class AuthModule {}
