import { Controller, Get, Inject, Logger, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { APP_VERSION } from '../config/package-info';
import { ApiProblems } from './api-problems.decorator';
import { HealthDto } from './health.dto';
import { NoToken } from './openapi';

@ApiTags('health')
@Controller('health')
export class HealthController {
  private readonly logger = new Logger(HealthController.name);

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Get()
  @NoToken()
  @ApiOperation({
    summary: 'Liveness and event store reachability',
    description: 'No token needed.',
  })
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ type: HealthDto, description: 'The event store is unreachable' })
  @ApiProblems(401)
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthDto> {
    const health = await this.store.health();
    if (!health.ok) {
      // The reason stays in the server log: it may name internal hosts.
      this.logger.warn(`Event store unhealthy: ${health.detail ?? 'no detail'}`);
      reply.status(503);
    }
    return {
      status: health.ok ? 'ok' : 'degraded',
      store: health.store,
      storeVersion: health.version,
      version: APP_VERSION,
      uptimeSeconds: Math.floor(process.uptime()),
    };
  }
}
