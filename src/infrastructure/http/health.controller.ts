import { Controller, Get, Inject, Logger, type OnApplicationBootstrap, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../../application/auth/principal';
import { ChainSweep } from '../../application/matches/chain-sweep';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { MATCH_STREAM_PREFIX } from '../../domain/match/match-events';
import { APP_VERSION } from '../config/package-info';
import { MatchProjector } from '../readmodels/match-projector';
import { ApiProblems } from './api-problems.decorator';
import { CurrentPrincipal } from './current-principal.decorator';
import { type ChainSweepDto, HealthDto, LivenessDto, ReadinessDto } from './health.dto';
import { NoToken } from './openapi';

/** The events the read models are built from: their checkpoint is a position among these. */
const READ_MODEL_EVENTS = { streamPrefix: MATCH_STREAM_PREFIX };

@ApiTags('health')
@Controller('health')
export class HealthController implements OnApplicationBootstrap {
  private readonly logger = new Logger(HealthController.name);
  /** Whether the read models have caught up with the log as it was when this process started. */
  private caughtUp = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projector: MatchProjector,
    private readonly sweep: ChainSweep,
  ) {}

  /** The chain sweep's report; the broken streams named to the admin only (they name matches). */
  private chainSweep(principal: Principal): ChainSweepDto {
    const { broken, ...report } = this.sweep.report();
    return {
      ...report,
      broken: broken.length,
      ...(principal.kind === 'admin' && {
        brokenStreams: broken.map(({ stream, matchId, brokenSeq, reason }) => ({
          stream,
          matchId,
          brokenSeq,
          reason,
        })),
      }),
    };
  }

  onApplicationBootstrap(): void {
    void this.store
      .lastPosition(READ_MODEL_EVENTS)
      .then((head) => (head === undefined ? undefined : this.projector.caughtUpTo(head)))
      .then(() => {
        this.caughtUp = true;
      })
      .catch((error: unknown) => this.logger.warn(`Read models not caught up: ${String(error)}`));
  }

  @Get()
  @NoToken()
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Liveness, event store reachability and the chain sweep',
    description:
      "No token needed. `chainSweep` reports the background check of every stream's hash chain after start; with the admin token it lists the broken streams.",
  })
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ type: HealthDto, description: 'The event store is unreachable' })
  @ApiProblems(401)
  async check(
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<HealthDto> {
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
      chainSweep: this.chainSweep(principal),
    };
  }

  @Get('live')
  @NoToken()
  @ApiOperation({
    operationId: 'getLiveness',
    summary: 'Liveness: the process answers',
    description:
      'For an orchestrator’s liveness probe: 200 whenever the process can answer, whatever its store. No token needed.',
  })
  @ApiOkResponse({ type: LivenessDto })
  @ApiProblems(401)
  live(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @NoToken()
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Readiness: the store answers and the read models have caught up',
    description:
      'For a load balancer’s readiness probe: 200 once the event store is reachable and the read models (match list, snapshots, statistics) hold every event the log had when this process started; 503 before that, while the store is unreachable, or while the read models cannot follow the log (a failed projection, retried with backoff), with the reason. The chain sweep (`chainSweep`) is reported, never waited for. No token needed; with the admin token the broken streams are listed.',
  })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({
    type: ReadinessDto,
    description: 'Not ready yet, or the store is unreachable',
  })
  @ApiProblems(401)
  async ready(
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReadinessDto> {
    const health = await this.store.health();
    const head = health.ok ? await this.store.lastPosition(READ_MODEL_EVENTS) : undefined;
    const checkpoint = this.projector.checkpoint;
    const lag = head === undefined ? 0 : Number(head - (checkpoint ?? 0n));
    const stalled = this.projector.notFollowing;
    const ready = health.ok && this.caughtUp && stalled === undefined;
    if (!ready) reply.status(503);
    const reason = !health.ok
      ? 'the event store is unreachable'
      : (stalled ?? (this.caughtUp ? undefined : 'the read models are catching up with the log'));
    return {
      status: ready ? 'ready' : 'not-ready',
      store: health.ok ? 'ok' : 'unreachable',
      readModelsCaughtUp: this.caughtUp,
      readModelLag: Math.max(0, lag),
      ...(reason === undefined ? {} : { reason }),
      chainSweep: this.chainSweep(principal),
    };
  }
}
