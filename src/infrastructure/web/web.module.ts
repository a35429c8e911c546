import { Module } from '@nestjs/common';
import { WebPagesController } from './web-pages.controller';

/**
 * The web pages and their built assets (dist/web, from `npm run build:web`); the API they
 * read is the HTTP API's (src/infrastructure/http).
 */
@Module({ controllers: [WebPagesController] })
export class WebModule {}
