import { Module } from '@nestjs/common';
import { AppealRulingHandler } from '../../../application/judging/appeal-ruling.command';
import { DecideAppealHandler } from '../../../application/judging/decide-appeal.command';
import {
  AddJudgeNoteHandler,
  GetJudgeNotesHandler,
} from '../../../application/judging/judge-notes';
import { CommentDisputeHandler } from '../../../application/judging/comment-dispute.command';
import { IssueRulingHandler } from '../../../application/judging/issue-ruling.command';
import { OpenDisputeHandler } from '../../../application/judging/open-dispute.command';
import { PauseMatchHandler } from '../../../application/judging/pause-match.command';
import { ListDisputesHandler } from '../../../application/judging/list-disputes.query';
import { PreviewRulingHandler } from '../../../application/judging/preview-ruling.query';
import { RevealDecisionHandler } from '../../../application/judging/reveal-decision.command';
import { SealDecisionHandler } from '../../../application/judging/seal-decision.command';
import { AnswerUndoHandler } from '../../../application/judging/answer-undo.command';
import { GetUndoTargetsHandler } from '../../../application/judging/get-undo-targets.query';
import { RequestUndoHandler } from '../../../application/judging/request-undo.command';
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
    AppealRulingHandler,
    DecideAppealHandler,
    AddJudgeNoteHandler,
    GetJudgeNotesHandler,
    ListDisputesHandler,
    SealDecisionHandler,
    RevealDecisionHandler,
  ],
})
export class JudgingModule {}
