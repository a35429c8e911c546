import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class FieldErrorDto {
  @ApiProperty({ example: 'name', description: 'Dotted path of the field in the request' })
  path!: string;

  @ApiProperty({
    type: [String],
    example: ['name must be shorter than or equal to 100 characters'],
  })
  messages!: string[];
}

/** RFC 9457 problem details: the body of every error response (`application/problem+json`). */
export class ProblemDto {
  @ApiProperty({
    example: 'https://matchlog.dev/problems/forbidden',
    description:
      'Identifies the kind of problem; its last segment is a stable machine-readable code',
  })
  type!: string;

  @ApiProperty({ example: 'Forbidden', description: 'The HTTP status phrase' })
  title!: string;

  @ApiProperty({ example: 403 })
  status!: number;

  @ApiProperty({
    example: 'Only an admin token may do this',
    description: 'What went wrong, for a human',
  })
  detail!: string;

  @ApiProperty({ example: '/api/v1/organizers', description: 'The request path' })
  instance!: string;

  @ApiPropertyOptional({
    type: [FieldErrorDto],
    description: 'Invalid fields (400 invalid-body, invalid-params)',
  })
  errors?: FieldErrorDto[];
}
