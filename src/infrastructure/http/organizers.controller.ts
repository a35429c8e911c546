import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../application/auth/principal';
import {
  RegisterOrganizerCommand,
  type RegisteredOrganizer,
} from '../../application/auth/register-organizer.command';
import { ApiProblems } from './api-problems.decorator';
import { CurrentPrincipal } from './current-principal.decorator';
import { TokenRequired } from './openapi';
import { CreateOrganizerDto, IssuedOrganizerDto } from './tokens.dto';

@ApiTags('tokens')
@Controller('api/v1/organizers')
export class OrganizersController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @TokenRequired()
  @ApiOperation({
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
}
