import { Body, Controller, Get, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../../application/auth/principal';
import {
  RegisterOrganizerCommand,
  type RegisteredOrganizer,
} from '../../../application/auth/register-organizer.command';
import { ApiProblems } from '../api-problems.decorator';
import { CurrentPrincipal } from '../current-principal.decorator';
import { TokenRequired } from '../openapi';
import { CreateOrganizerDto, IssuedOrganizerDto, OrganizerDto } from '../tokens.dto';
import { ForbiddenError, UnauthorizedError } from '../../../application/errors';

@ApiTags('tokens')
@Controller('api/v1/organizers')
export class OrganizersController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @TokenRequired()
  @ApiOperation({
    operationId: 'registerOrganizer',
    summary: 'Register an organizer',
    description:
      'Admin only. Returns the organizer token once: hand it over, it cannot be shown again.',
  })
  @ApiCreatedResponse({ type: IssuedOrganizerDto })
  @ApiProblems(400, 401, 403, 413, 415)
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateOrganizerDto,
  ): Promise<RegisteredOrganizer> {
    return this.commands.execute(new RegisterOrganizerCommand(principal, body.name));
  }

  @Get('me')
  @TokenRequired()
  @ApiOperation({
    operationId: 'getOwnOrganizer',
    summary: 'The organizer the token is for',
    description:
      'For an organizer token: its id (the `organizer` of the matches it created, in the match list) and name.',
  })
  @ApiOkResponse({ type: OrganizerDto })
  @ApiProblems(401, 403)
  me(@CurrentPrincipal() principal: Principal): OrganizerDto {
    if (principal.kind === 'anonymous') throw new UnauthorizedError();
    if (principal.kind !== 'organizer')
      throw new ForbiddenError('This is read with an organizer token');
    return { id: principal.id, name: principal.name };
  }
}
