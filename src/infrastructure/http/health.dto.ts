import { ApiProperty } from '@nestjs/swagger';

export class BrokenStreamDto {
  @ApiProperty({ example: 'match-0193a7c2-5b1e-7c4d-9f00-2a1b3c4d5e6f' })
  stream!: string;

  @ApiProperty({ example: '0193a7c2-5b1e-7c4d-9f00-2a1b3c4d5e6f' })
  matchId!: string;

  @ApiProperty({ example: 18, description: 'The first seq whose event breaks the chain' })
  brokenSeq!: number;

  @ApiProperty({
    enum: [
      'seq_out_of_order',
      'prev_hash_mismatch',
      'hash_mismatch',
      'match_id_mismatch',
      'secret_mismatch',
    ],
  })
  reason!: string;
}

export class ChainSweepDto {
  @ApiProperty({
    enum: ['pending', 'off', 'running', 'done', 'failed'],
    description:
      "The background check of every stream's hash chain after start: 'off' with MATCHLOG_CHAIN_SWEEP=off, 'failed' when the store failed it (`reason`); readiness never waits for it",
  })
  state!: 'pending' | 'off' | 'running' | 'done' | 'failed';

  @ApiProperty({ example: 1200, description: 'Streams checked so far' })
  streams!: number;

  @ApiProperty({ example: 24000, description: 'Events the sweep verified so far' })
  events!: number;

  @ApiProperty({
    example: 0,
    description:
      'Streams known to be broken (found by the sweep or by a load): each is served read-only and refuses writes',
  })
  broken!: number;

  @ApiProperty({
    type: [BrokenStreamDto],
    required: false,
    description: 'The broken streams, listed to the admin token only (they name matches)',
  })
  brokenStreams?: BrokenStreamDto[];

  @ApiProperty({ required: false, example: '2026-12-07T06:00:00.000Z' })
  startedAt?: string;

  @ApiProperty({ required: false, example: '2026-12-07T06:00:04.512Z' })
  finishedAt?: string;

  @ApiProperty({ required: false, description: 'Why the sweep stopped before the end' })
  reason?: string;
}

export class HealthDto {
  @ApiProperty({
    enum: ['ok', 'degraded'],
    description: "'degraded' (with status 503) when the event store is unreachable",
  })
  status!: 'ok' | 'degraded';

  @ApiProperty({ enum: ['sqlite', 'eventstoredb'] })
  store!: 'sqlite' | 'eventstoredb';

  @ApiProperty({ example: '3.45.1', description: 'Version of the event store server or library' })
  storeVersion!: string;

  @ApiProperty({ example: '0.1.0', description: 'Version of matchlog' })
  version!: string;

  @ApiProperty({ example: 3600 })
  uptimeSeconds!: number;

  @ApiProperty({ type: ChainSweepDto })
  chainSweep!: ChainSweepDto;
}

export class LivenessDto {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';
}

export class ReadinessDto {
  @ApiProperty({ enum: ['ready', 'not-ready'], description: "'not-ready' comes with status 503" })
  status!: 'ready' | 'not-ready';

  @ApiProperty({ enum: ['ok', 'unreachable'] })
  store!: 'ok' | 'unreachable';

  @ApiProperty({
    description: 'Whether the read models hold every event the log had when this process started',
  })
  readModelsCaughtUp!: boolean;

  @ApiProperty({
    example: 0,
    description:
      'How far the read models are behind the log now: events on the embedded store, log positions on EventStoreDB',
  })
  readModelLag!: number;

  @ApiProperty({
    required: false,
    example: 'read models stopped at log position 42: attempt to write a readonly database',
    description: 'Why the service is not ready (absent when it is)',
  })
  reason?: string;

  @ApiProperty({ type: ChainSweepDto })
  chainSweep!: ChainSweepDto;
}
