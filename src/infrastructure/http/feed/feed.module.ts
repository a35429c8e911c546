import { Module } from '@nestjs/common';
import { FeedHub } from '../../../application/feed/feed-hub';
import { GlobalFeed } from '../../../application/feed/global-feed';
import { MatchStream } from '../../../application/feed/match-stream';
import { MatchCoreModule } from '../../match-core.module';
import { FeedController } from './feed.controller';

/** The live feed of every match and each match's stream (SSE and NDJSON). */
@Module({
  imports: [MatchCoreModule],
  controllers: [FeedController],
  providers: [FeedHub, GlobalFeed, MatchStream],
})
export class FeedModule {}
