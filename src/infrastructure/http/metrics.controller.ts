import { Controller, Get, Inject, type OnModuleInit, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { requireAdmin } from '../../application/auth/access';
import type { Principal } from '../../application/auth/principal';
import { ChainSweep } from '../../application/matches/chain-sweep';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { MATCH_STREAM_PREFIX } from '../../domain/match/match-events';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MatchProjector } from '../readmodels/match-projector';
import { ServiceMetrics } from '../observability/metrics';
import { ApiProblems } from './api-problems.decorator';
import { CurrentPrincipal } from './current-principal.decorator';
import { openEventStreams } from './feed/server-sent-events';
import { GIVE_WAY_MAX_MS, timesStreamingGaveWay } from './sliced-stream';
import { TokenOptional } from './openapi';
import type { PrincipalRequest } from './request-limits';

@ApiTags('health')
@Controller('metrics')
export class MetricsController implements OnModuleInit {
  constructor(
    private readonly metrics: ServiceMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projector: MatchProjector,
    private readonly sweep: ChainSweep,
  ) {}

  /** The figures read at each scrape. */
  onModuleInit(): void {
    this.metrics.gauge(
      'matchlog_read_model_lag',
      'How far the read models are behind the event log: events on the embedded store, log positions on EventStoreDB',
      async () => {
        const head = (await this.store.lastPosition({ streamPrefix: MATCH_STREAM_PREFIX })) ?? 0n;
        const lag = head - (this.projector.checkpoint ?? 0n);
        return Number(lag > 0n ? lag : 0n);
      },
    );
    this.metrics.gauge(
      'matchlog_event_streams_open',
      'Live event streams (the feed and match streams, Server-Sent Events or NDJSON) open now',
      openEventStreams,
    );
    this.metrics.counter(
      'matchlog_chain_sweep_streams_total',
      'Streams whose hash chain the chain sweep has checked since start',
      () => this.sweep.report().streams,
    );
    this.metrics.counter(
      'matchlog_streaming_gave_way_total',
      `Times the streamed answers (exports, long polls, live streams) left the event loop to requests in flight (at most ${GIVE_WAY_MAX_MS} ms each time)`,
      timesStreamingGaveWay,
    );
    this.metrics.gauge(
      'matchlog_chain_sweep_broken_streams',
      'Streams known to be broken (found by the chain sweep or by a load): served read-only',
      () => this.sweep.report().broken.length,
    );
  }

  @Get()
  @TokenOptional()
  @ApiOperation({
    operationId: 'getMetrics',
    summary: 'Metrics for Prometheus',
    description:
      'The Prometheus text format: requests by route and status with their latency, events and decisions appended, the event store’s commit batch sizes, the read models’ lag in events, open live streams, the chain sweep’s streams checked and broken streams found, the times the streamed answers gave way to requests, process memory, CPU and event-loop delay. The admin token or the scrape-only `MATCHLOG_METRICS_TOKEN` (which opens nothing else) is required, unless the service runs with `MATCHLOG_METRICS_ACCESS=open` (for a scraper on a private network).',
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'The metrics, in the Prometheus text exposition format 0.0.4',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiProblems(401, 403)
  async read(
    @CurrentPrincipal() principal: Principal,
    @Req() request: PrincipalRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    if (this.config.metricsAccess === 'admin' && request.metricsScraper !== true)
      requireAdmin(principal);
    void reply.header('content-type', this.metrics.contentType).header('cache-control', 'no-store');
    return this.metrics.text();
  }
}
