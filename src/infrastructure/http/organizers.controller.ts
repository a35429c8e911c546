import { Body, Controller, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { requireAdmin } from '../../application/auth/access';
import type { Principal } from '../../application/auth/principal';
import { TokenService } from '../../application/auth/token.service';
import { ApiProblems } from './api-problems.decorator';
import { CurrentPrincipal } from './current-principal.decorator';
import { TokenRequired } from './openapi';
import { CreateOrganizerDto, IssuedOrganizerDto } from './tokens.dto';

@ApiTags('tokens')
@Controller('api/v1/organizers')
export class OrganizersController {
  constructor(private readonly tokens: TokenService) {}

  @Post()
  @TokenRequired()
  @ApiOperation({
    summary: 'Register an organizer',
    description:
      'Admin only. Returns the organizer token once: hand it over, it cannot be shown again.',
  })
  @ApiCreatedResponse({ type: IssuedOrganizerDto })
  @ApiProblems(400, 401, 403, 413, 415)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateOrganizerDto,
  ): Promise<IssuedOrganizerDto> {
    requireAdmin(principal);
    const { id, token } = await this.tokens.issue({ kind: 'organizer', name: body.name });
    return { id, name: body.name, token };
  }
}
