import type { Readable } from 'node:stream';
import { Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../../../application/auth/principal';
import type { Player } from '../../../domain/players/player-registry';
import {
  FindPlayersQuery,
  type PlayersPage,
} from '../../../application/players/find-players.query';
import {
  GetHeadToHeadQuery,
  type HeadToHeadView,
} from '../../../application/players/get-head-to-head.query';
import { GetPlayerQuery } from '../../../application/players/get-player.query';
import { ListPlayerMatchesQuery } from '../../../application/players/list-player-matches.query';
import { RegisterPlayerCommand } from '../../../application/players/register-player.command';
import { SetPlayerAliasesCommand } from '../../../application/players/set-player-aliases.command';
import { ApiProblems } from '../api-problems.decorator';
import { CurrentPrincipal } from '../current-principal.decorator';
import { NoToken, TokenOptional, TokenRequired } from '../openapi';
import { slicedStream } from '../sliced-stream';
import {
  FindPlayersQueryDto,
  HeadToHeadDto,
  HeadToHeadQueryDto,
  PlayerDto,
  PlayerMatchLineDto,
  PlayerMatchesQueryDto,
  PlayersPageDto,
  RegisterPlayerDto,
  SetAliasesDto,
} from './players.dto';

const NDJSON = 'application/x-ndjson';

@ApiTags('players')
@Controller('api/v1/players')
@ApiExtraModels(PlayerMatchLineDto)
export class PlayersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @TokenRequired()
  @ApiOperation({
    operationId: 'registerPlayer',
    summary: 'Register a player',
    description:
      'Organizer or admin. A player is a person across matches and tournaments: a stable id, the name in ' +
      'Russian and in Latin letters, and aliases. Seats are then claimed by the id or by any of the names ' +
      '(`player` in a claim or a new match’s seat), and `player=` filters, statistics, history and ' +
      'head-to-head find the player by them. 409 when the id is taken.',
  })
  @ApiCreatedResponse({ type: PlayerDto })
  @ApiProblems(400, 401, 403, 409, 413, 415)
  register(
    @CurrentPrincipal() principal: Principal,
    @Body() body: RegisterPlayerDto,
  ): Promise<Player> {
    const { playerId, names, aliases } = body;
    return this.commands.execute(
      new RegisterPlayerCommand(principal, {
        playerId,
        names: { ru: names.ru, latin: names.latin },
        aliases,
      }),
    );
  }

  @Get()
  @NoToken()
  @ApiOperation({
    operationId: 'findPlayers',
    summary: 'Find players by id, name or alias, suggest them as a name is typed, or list them all',
    description:
      '`name` finds the players it names exactly: their id, or a name or alias in either script up to case, ' +
      'ё/е, look-alike letters and spaces; never a player whose name merely contains it. Several players ' +
      'may share a name: each is listed. `prefix` is for a picker: the players whose id, or a word of a ' +
      'name or alias, starts with it («Ольга Ив», «iva»); the person typing picks one, and the seat is ' +
      'claimed by the id. Give one of the two (400 for both). Without either, every player. By id, a page ' +
      'at a time.',
  })
  @ApiOkResponse({ type: PlayersPageDto })
  @ApiProblems(400)
  find(@Query() query: FindPlayersQueryDto): Promise<PlayersPage> {
    return this.queries.execute(new FindPlayersQuery(query));
  }

  @Get(':playerId')
  @NoToken()
  @ApiOperation({
    operationId: 'getPlayer',
    summary: 'A registered player',
    description:
      'Needs no token: names, aliases and who registered them. Their matches: `GET /api/v1/players/{playerId}/matches`.',
  })
  @ApiParam({ name: 'playerId', example: 'ivanova-olga' })
  @ApiOkResponse({ type: PlayerDto })
  @ApiProblems(404)
  get(@Param('playerId') playerId: string): Promise<Player> {
    return this.queries.execute(new GetPlayerQuery(playerId));
  }

  @Put(':playerId/aliases')
  @TokenRequired()
  @ApiOperation({
    operationId: 'setPlayerAliases',
    summary: 'Replace a player’s aliases',
    description:
      'By the organizer who registered the player, or an admin. The list replaces the previous one; seats ' +
      'already claimed by the player stay theirs (they are theirs by id).',
  })
  @ApiParam({ name: 'playerId', example: 'ivanova-olga' })
  @ApiOkResponse({ type: PlayerDto })
  @ApiProblems(400, 401, 403, 404, 413, 415)
  setAliases(
    @CurrentPrincipal() principal: Principal,
    @Param('playerId') playerId: string,
    @Body() body: SetAliasesDto,
  ): Promise<Player> {
    return this.commands.execute(new SetPlayerAliasesCommand(principal, playerId, body.aliases));
  }

  @Get(':playerId/matches')
  @TokenOptional()
  @ApiOperation({
    operationId: 'exportPlayerMatches',
    summary: 'A player’s matches as NDJSON, newest first',
    description:
      'One line per match the player held a seat in (by id), each once, that you may read: ended and public ' +
      'matches for everyone, live private ones for their seats, judges and organizer. A finished match’s line ' +
      'says how it went for the player (`outcome`: win, draw or loss; a draw is never a loss), as statistics ' +
      'and head-to-head count it. Streamed in slices as the bulk export is, at the speed you read. ' +
      '`vs` keeps the matches against one opponent.',
  })
  @ApiParam({ name: 'playerId', example: 'ivanova-olga' })
  @ApiOkResponse({
    description: 'One PlayerMatchLineDto a line',
    content: { [NDJSON]: { schema: { $ref: getSchemaPath(PlayerMatchLineDto) } } },
  })
  @ApiProblems(400, 401, 404)
  async matches(
    @CurrentPrincipal() principal: Principal,
    @Param('playerId') playerId: string,
    @Query() query: PlayerMatchesQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    const { from, to, ...filter } = query;
    const lines = await this.queries.execute(
      new ListPlayerMatchesQuery(principal, playerId, {
        ...filter,
        createdFrom: from,
        createdTo: to,
      }),
    );
    void reply.header('content-type', `${NDJSON}; charset=utf-8`);
    return slicedStream(lines);
  }

  @Get(':a/vs/:b')
  @TokenOptional()
  @ApiOperation({
    operationId: 'getHeadToHead',
    summary: 'Two players’ record against each other',
    description:
      'As Lichess’s crosstable: in the finished matches both played (on different seats) that you may read, ' +
      'each one’s wins, draws (nobody won) and losses (another seat won), and the score (1, ½, 0). Counted ' +
      'from the same lines as `GET players/:a/matches?vs=:b&status=finished`, so the two always agree.',
  })
  @ApiParam({ name: 'a', example: 'ivanova-olga' })
  @ApiParam({ name: 'b', example: 'petrov-ivan' })
  @ApiOkResponse({ type: HeadToHeadDto })
  @ApiProblems(400, 401, 404)
  headToHead(
    @CurrentPrincipal() principal: Principal,
    @Param('a') a: string,
    @Param('b') b: string,
    @Query() query: HeadToHeadQueryDto,
  ): Promise<HeadToHeadView> {
    return this.queries.execute(new GetHeadToHeadQuery(principal, a, b, query));
  }
}
