import { Module } from '@nestjs/common';
import { IssueReadTokenHandler } from '../../../application/auth/issue-read-token.command';
import { ListReadTokensHandler } from '../../../application/auth/list-read-tokens.query';
import { RevokeReadTokenHandler } from '../../../application/auth/revoke-read-token.command';
import { MatchCoreModule } from '../../match-core.module';
import { ReadTokensController } from './read-tokens.controller';

/** `api/v1/read-tokens`: an organizer issues, lists and revokes statistics sites' read tokens. */
@Module({
  imports: [MatchCoreModule],
  controllers: [ReadTokensController],
  providers: [IssueReadTokenHandler, ListReadTokensHandler, RevokeReadTokenHandler],
})
export class ReadTokensModule {}
