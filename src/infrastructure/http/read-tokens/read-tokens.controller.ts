import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { IssueReadTokenCommand } from '../../../application/auth/issue-read-token.command';
import {
  ListReadTokensQuery,
  type ListedReadToken,
} from '../../../application/auth/list-read-tokens.query';
import type { Principal } from '../../../application/auth/principal';
import { RevokeReadTokenCommand } from '../../../application/auth/revoke-read-token.command';
import { ApiProblems } from '../api-problems.decorator';
import { CurrentPrincipal } from '../current-principal.decorator';
import { TokenRequired } from '../openapi';
import {
  DEFAULT_OPEN_STREAMS,
  DEFAULT_READER_REQUESTS_PER_MINUTE,
  IssuedReadTokenDto,
  IssueReadTokenDto,
  ReadTokenDto,
} from './read-tokens.dto';

@ApiTags('tokens')
@Controller('api/v1/read-tokens')
export class ReadTokensController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @TokenRequired()
  @ApiOperation({
    operationId: 'issueReadToken',
    summary: 'Issue a read token for a statistics site',
    description:
      'Organizer or admin. A read token reads what the public reads, and the live matches of its ' +
      '`scope` as they are recorded (what a spectator sees, with no spectator delay, never hidden ' +
      'information). It never writes: any other request than a read is answered 403. Its own ' +
      'throttle: `requestsPerMinute` (429 with Retry-After beyond it) and `openStreams`, the ' +
      'bulk exports, feeds and match streams it may have open at once (one more: 429 with ' +
      'Retry-After). Each match and tournament of the scope must exist (404) and be the caller’s ' +
      '(403). The token is returned once and stored only as a hash.',
  })
  @ApiCreatedResponse({ type: IssuedReadTokenDto })
  @ApiProblems(400, 401, 403, 404, 413, 415)
  issue(
    @CurrentPrincipal() principal: Principal,
    @Body() body: IssueReadTokenDto,
  ): Promise<IssuedReadTokenDto> {
    const { matchIds, tournamentIds, organizer } = body.scope;
    return this.commands.execute(
      new IssueReadTokenCommand(principal, {
        name: body.name,
        scope: { matchIds, tournamentIds, organizer },
        limits: {
          requestsPerMinute: body.requestsPerMinute ?? DEFAULT_READER_REQUESTS_PER_MINUTE,
          openStreams: body.openStreams ?? DEFAULT_OPEN_STREAMS,
        },
      }),
    );
  }

  @Get()
  @TokenRequired()
  @ApiOperation({
    operationId: 'listReadTokens',
    summary: 'The read tokens issued and not revoked',
    description:
      'An organizer’s own, every one for the admin; never the secret, which was shown once.',
  })
  @ApiOkResponse({ type: [ReadTokenDto] })
  @ApiProblems(401, 403)
  list(@CurrentPrincipal() principal: Principal): Promise<ListedReadToken[]> {
    return this.queries.execute(new ListReadTokensQuery(principal));
  }

  @Delete(':id')
  @TokenRequired()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'revokeReadToken',
    summary: 'Revoke a read token',
    description:
      'Its issuer or the admin. The token is answered 401 from then on (on other replicas within 30 s). 404 for a token the caller did not issue or that is revoked already.',
  })
  @ApiNoContentResponse({ description: 'Revoked' })
  @ApiProblems(401, 403, 404)
  async revoke(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.commands.execute(new RevokeReadTokenCommand(principal, id));
  }
}
