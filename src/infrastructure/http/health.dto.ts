import { ApiProperty } from '@nestjs/swagger';

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
}
