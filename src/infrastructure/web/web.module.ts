import { Module } from '@nestjs/common';
import { MatchesModule } from '../http/matches/matches.module';
import { ReplayApiController } from './replay-api.controller';
import { WebPagesController } from './web-pages.controller';

/**
 * The replay viewer: its pages and built assets (dist/web, from `npm run build:web`), and
 * the small API it reads besides the matches API (viewer, layout, phrases).
 */
@Module({
  imports: [MatchesModule],
  controllers: [ReplayApiController, WebPagesController],
})
export class WebModule {}
