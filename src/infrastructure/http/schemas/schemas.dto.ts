import { ApiProperty } from '@nestjs/swagger';

export class LineSchemaDto {
  @ApiProperty({ example: 'export-line' })
  name!: string;

  @ApiProperty({
    example: 'ExportLineDto',
    description: 'The schema’s name among the OpenAPI document’s components',
  })
  component!: string;

  @ApiProperty({ example: '/api/v1/schemas/export-line' })
  url!: string;
}

export class LineSchemasDto {
  @ApiProperty({ type: [LineSchemaDto] })
  schemas!: LineSchemaDto[];
}
