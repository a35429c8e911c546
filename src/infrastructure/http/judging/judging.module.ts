import { Module } from '@nestjs/common';
import {
  CommentDisputeHandler,
  IssueRulingHandler,
  OpenDisputeHandler,
  PauseMatchHandler,
} from '../../../application/judging/dispute.commands';
import { ListDisputesHandler } from '../../../application/judging/list-disputes.query';
import { PreviewRulingHandler } from '../../../application/judging/preview-ruling.query';
import {
  RevealDecisionHandler,
  SealDecisionHandler,
} from '../../../application/judging/sealed.commands';
import {
  AnswerUndoHandler,
  GetUndoTargetsHandler,
  RequestUndoHandler,
} from '../../../application/judging/undo.commands';
import { MatchCoreModule } from '../../match-core.module';
import { JudgingController } from './judging.controller';

/** Undo requests, disputes, pauses, rulings and sealed decisions. */
@Module({
  imports: [MatchCoreModule],
  controllers: [JudgingController],
  providers: [
    RequestUndoHandler,
    GetUndoTargetsHandler,
    AnswerUndoHandler,
    OpenDisputeHandler,
    CommentDisputeHandler,
    PauseMatchHandler,
    IssueRulingHandler,
    PreviewRulingHandler,
    ListDisputesHandler,
    SealDecisionHandler,
    RevealDecisionHandler,
  ],
})
export class JudgingModule {}
