import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class FieldErrorDto {
  @ApiProperty({ example: 'name', description: 'Dotted path of the field in the request' })
  path!: string;

  @ApiProperty({
    type: [String],
    example: ['name must be shorter than or equal to 100 characters'],
  })
  messages!: string[];

  @ApiPropertyOptional({
    description:
      'The rule the field breaks, section and quoted sentence, where it exceeds a limit of the rules (a starting position)',
  })
  ruleRef?: string;
}

/** The rule of the game that refused a decision (422 rule-violation). */
export class ProblemRuleDto {
  @ApiProperty({ example: 'not_your_turn', description: 'Stable machine-readable rule code' })
  code!: string;

  @ApiProperty({ example: "It is red's turn (phase battle), not blue's" })
  message!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Where the rule is: section and the quoted sentence of the rules text',
  })
  ref!: string | null;
}

/** A registered player a name could mean (409 ambiguous-player). */
export class ProblemPlayerCandidateDto {
  @ApiProperty({ example: 'petrov-ivan' })
  playerId!: string;

  @ApiProperty({ example: { ru: 'Иван Петров', latin: 'Ivan Petrov' } })
  names!: { ru: string; latin: string };
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
    example: '9b2f0c5e-7d4a-4b1e-9a57-3c1d2e8f6a10',
    description:
      'The request id, as in the `X-Request-Id` answer header: the caller’s own when it sent a safe one, else generated. The service’s log lines for the request carry it.',
  })
  requestId?: string;

  @ApiPropertyOptional({
    type: [FieldErrorDto],
    description: 'Invalid fields (400 invalid-body, invalid-params)',
  })
  errors?: FieldErrorDto[];

  @ApiPropertyOptional({
    type: ProblemRuleDto,
    description: 'The rule that refused the decision (422 rule-violation)',
  })
  rule?: ProblemRuleDto;

  @ApiPropertyOptional({
    type: [ProblemPlayerCandidateDto],
    description:
      'The registered players a name could mean: name one of them by id (409 ambiguous-player)',
  })
  candidates?: ProblemPlayerCandidateDto[];

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'The seq the write expected the match to be at (409 stale-revision)',
  })
  expectedSeq?: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'The seq the match is actually at (409 stale-revision)',
  })
  actualSeq?: number | null;

  @ApiPropertyOptional({
    description: 'The seq of the event that blocks the request, e.g. a roll after an undo point',
  })
  blockingSeq?: number;

  @ApiPropertyOptional({ description: 'The event the store refused (413 payload-too-large)' })
  eventId?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'move',
    description:
      'The decision kind whose events the match could not apply; null for another command (422 event-not-applicable)',
  })
  decision?: string | null;

  @ApiPropertyOptional({
    example: 'PiecesMoved',
    description: 'The event type the match could not apply (422 event-not-applicable)',
  })
  eventType?: string;

  @ApiPropertyOptional({
    description:
      'Seconds until the client may try again, as in Retry-After (429 too-many-requests)',
  })
  retryAfterSeconds?: number;

  @ApiPropertyOptional({
    example: 18,
    description:
      'The first seq at which the match’s hash chain does not verify (409 chain-broken: the match is read-only)',
  })
  brokenSeq?: number;

  @ApiPropertyOptional({
    enum: [
      'seq_out_of_order',
      'prev_hash_mismatch',
      'hash_mismatch',
      'match_id_mismatch',
      'secret_mismatch',
    ],
    description: 'Why the chain breaks at brokenSeq (409 chain-broken), as GET …/audit says it',
  })
  chainBreak?: string;
}
