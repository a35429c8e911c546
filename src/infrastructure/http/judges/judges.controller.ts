import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../../application/auth/principal';
import { AppointJudgeCommand } from '../../../application/judging/appoint-judge.command';
import { ApiProblems } from '../api-problems.decorator';
import { CurrentPrincipal } from '../current-principal.decorator';
import { TokenRequired } from '../openapi';
import { CreateJudgeDto, IssuedJudgeDto } from '../tokens.dto';

@ApiTags('tokens')
@Controller('api/v1/judges')
export class JudgesController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @TokenRequired()
  @ApiOperation({
    operationId: 'appointJudge',
    summary: 'Appoint a judge: issue a judge token',
    description:
      'The organizer of that match or tournament, or an admin. The token is scoped to one ' +
      'tournament or one match (exactly one of `tournamentId`, `matchId`), which must exist ' +
      '(404) and be the caller’s own (403). It is returned once and stored only as a hash. ' +
      'With `head: true` it is the head judge’s token, who answers appeals of rulings: of the ' +
      'tournament’s matches when scoped to a tournament, of that match when scoped to a match ' +
      'outside any tournament.',
  })
  @ApiCreatedResponse({ type: IssuedJudgeDto })
  @ApiProblems(400, 401, 403, 404, 413, 415)
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateJudgeDto,
  ): Promise<IssuedJudgeDto> {
    const { name, tournamentId, matchId, head } = body;
    return this.commands.execute(
      new AppointJudgeCommand(principal, { name, tournamentId, matchId, head }),
    );
  }
}
