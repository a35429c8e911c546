import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../../application/auth/principal';
import { CreateTournamentCommand } from '../../../application/tournaments/create-tournament.command';
import { GetTournamentQuery } from '../../../application/tournaments/get-tournament.query';
import { ApiProblems } from '../api-problems.decorator';
import { CurrentPrincipal } from '../current-principal.decorator';
import { NoToken, TokenRequired } from '../openapi';
import { CreateTournamentDto, TournamentDto } from './tournaments.dto';

@ApiTags('tournaments')
@Controller('api/v1/tournaments')
export class TournamentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @TokenRequired()
  @ApiOperation({
    operationId: 'createTournament',
    summary: 'Create a tournament',
    description:
      'Organizer or admin. The caller owns it: only they (or an admin) may create matches in it ' +
      '(`tournamentId` of a new match) and appoint its judges. 409 when the id is taken.',
  })
  @ApiCreatedResponse({ type: TournamentDto })
  @ApiProblems(400, 401, 403, 409, 413, 415)
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateTournamentDto,
  ): Promise<TournamentDto> {
    const { tournamentId, name } = body;
    return this.commands.execute(new CreateTournamentCommand(principal, { tournamentId, name }));
  }

  @Get(':tournamentId')
  @NoToken()
  @ApiOperation({
    operationId: 'getTournament',
    summary: 'A tournament: its name and its organizer',
    description: 'Needs no token. Its matches: `GET /api/v1/matches?tournament=<id>`.',
  })
  @ApiOkResponse({ type: TournamentDto })
  @ApiProblems(404)
  get(@Param('tournamentId') tournamentId: string): Promise<TournamentDto> {
    return this.queries.execute(new GetTournamentQuery(tournamentId));
  }
}
