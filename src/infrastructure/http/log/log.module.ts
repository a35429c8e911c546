import { Module } from '@nestjs/common';
import { MatchCoreModule } from '../../match-core.module';
import { LogController } from './log.controller';

/** `api/v1/log`: the transparency log of match heads, its checkpoints and proofs. */
@Module({ imports: [MatchCoreModule], controllers: [LogController] })
export class LogModule {}
