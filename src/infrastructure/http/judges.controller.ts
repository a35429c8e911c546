import { Body, Controller, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { requireOrganizerOrAdmin } from '../../application/auth/access';
import type { Principal } from '../../application/auth/principal';
import { TokenService } from '../../application/auth/token.service';
import { ApiProblems } from './api-problems.decorator';
import { CurrentPrincipal } from './current-principal.decorator';
import { TokenRequired } from './openapi';
import { CreateJudgeDto, IssuedJudgeDto } from './tokens.dto';

@ApiTags('tokens')
@Controller('api/v1/judges')
export class JudgesController {
  constructor(private readonly tokens: TokenService) {}

  @Post()
  @TokenRequired()
  @ApiOperation({
    summary: 'Issue a judge token',
    description:
      'Admin or organizer. The token is scoped to one tournament or one match (exactly one of ' +
      '`tournamentId`, `matchId`). It is returned once and stored only as a hash.',
  })
  @ApiCreatedResponse({ type: IssuedJudgeDto })
  @ApiProblems(400, 401, 403, 413, 415)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateJudgeDto,
  ): Promise<IssuedJudgeDto> {
    requireOrganizerOrAdmin(principal);
    const { name, tournamentId, matchId } = body;
    return this.tokens.issue({ kind: 'judge', name, tournamentId, matchId });
  }
}
