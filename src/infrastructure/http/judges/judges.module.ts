import { Module } from '@nestjs/common';
import { AppointJudgeHandler } from '../../../application/judging/appoint-judge.command';
import { MatchCoreModule } from '../../match-core.module';
import { JudgesController } from './judges.controller';

/** `api/v1/judges`: an organizer appoints a judge to a tournament or a match. */
@Module({
  imports: [MatchCoreModule],
  controllers: [JudgesController],
  providers: [AppointJudgeHandler],
})
export class JudgesModule {}
