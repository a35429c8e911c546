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
