import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { EXPORT_FORMAT, SIGNATURE_ALG } from '../../../domain/export/export-format';
import { ANY_EVENT } from '../event-schemas';
import { LogLeafDto } from '../log/log.dto';
import { RulesetRefDto, type RecordedEventDto } from './matches.dto';

/** The lines of a signed export (domain/export/export-format.ts) and the server's public keys. */

const PUBLIC_KEY_DESCRIPTION =
  'base64 of the public key’s SPKI DER encoding (for PEM: wrap it in -----BEGIN PUBLIC KEY----- lines)';
const KEY_ID_DESCRIPTION = 'First 16 hex digits of sha256 of the SPKI DER bytes of the public key';

export class ExportPlayerDto {
  @ApiProperty({ example: 'Ольга' })
  name!: string;
}

export class ExportSeatDto {
  @ApiProperty({ example: 'red' })
  seat!: string;
  @ApiPropertyOptional()
  side?: string;
  @ApiPropertyOptional()
  faction?: string;
  @ApiPropertyOptional({ type: ExportPlayerDto, description: 'Who claimed the seat' })
  player?: ExportPlayerDto;
}

const DICE_MODES = ['server', 'reported', 'either'];

/** Which dice a match's rolls use, fixed at creation from the ruleset's options. */
export class DiceModesDto {
  @ApiProperty({ enum: DICE_MODES, description: 'The mode of every purpose not listed' })
  default!: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', enum: DICE_MODES },
    description: 'Modes of single purposes',
  })
  purposes?: Record<string, string>;
}

export class ExportHeaderDto {
  @ApiProperty({ enum: ['header'] })
  kind!: 'header';
  @ApiProperty({ enum: [EXPORT_FORMAT] })
  format!: string;
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ type: RulesetRefDto })
  ruleset!: RulesetRefDto;
  @ApiPropertyOptional()
  title?: string;
  @ApiProperty({ type: 'object', additionalProperties: true })
  options!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true })
  setup!: Record<string, unknown>;
  @ApiProperty({ type: [ExportSeatDto] })
  seats!: ExportSeatDto[];
  @ApiProperty({ description: 'hex(sha256(seed)), as recorded in MatchCreated' })
  commitment!: string;
  @ApiPropertyOptional({
    type: DiceModesDto,
    description:
      'Which dice each purpose uses, as MatchCreated records it (absent for matches created before it was recorded); matchlog verify fails a roll of the other kind',
  })
  dice?: DiceModesDto;
  @ApiProperty({ format: 'date-time', description: 'Not covered by the signature' })
  exportedAt!: string;
}

export class ExportEventLineDto {
  @ApiProperty({ enum: ['event'] })
  kind!: 'event';
  // RecordedEventDto is imported as a type: as a class, decorator metadata would replace
  // the `Event` reference.
  @ApiProperty({
    allOf: [{ $ref: getSchemaPath(ANY_EVENT) }],
    description: 'The full event, never redacted, typed by its type and ruleset',
  })
  event!: RecordedEventDto;
}

export class ExportSignatureDto {
  @ApiProperty({ enum: [SIGNATURE_ALG] })
  alg!: string;
  @ApiProperty({ example: '3f9a0c21d7e4b658', description: KEY_ID_DESCRIPTION })
  keyId!: string;
  @ApiProperty({ description: PUBLIC_KEY_DESCRIPTION })
  publicKey!: string;
  @ApiProperty({ description: 'base64 of the Ed25519 signature over the UTF-8 bytes of headHash' })
  value!: string;
}

export class ExportLogProofDto {
  @ApiProperty({ type: LogLeafDto })
  leaf!: LogLeafDto;
  @ApiProperty({ description: 'The leaf’s index: the match’s position in the log' })
  index!: number;
  @ApiProperty({
    type: [String],
    description: 'RFC 9162 inclusion proof, base64 hashes from the leaf up',
  })
  inclusionProof!: string[];
  @ApiProperty({ description: 'The C2SP tlog-checkpoint note the proof leads to' })
  checkpoint!: string;
}

export class ExportTrailerDto {
  @ApiProperty({ enum: ['trailer'] })
  kind!: 'trailer';
  @ApiProperty()
  eventCount!: number;
  @ApiProperty({ description: 'meta.hash of the last event' })
  headHash!: string;
  @ApiPropertyOptional({ description: 'The revealed dice seed (hex), once the match has ended' })
  seed?: string;
  @ApiPropertyOptional({
    type: ExportLogProofDto,
    description:
      'Once the match has ended: its latest leaf in the transparency log, the inclusion proof and the signed checkpoint it leads to (GET /api/v1/log/checkpoint)',
  })
  log?: ExportLogProofDto;
  @ApiProperty({ type: ExportSignatureDto })
  signature!: ExportSignatureDto;
}

export class PublicKeyDto {
  @ApiProperty({ example: '3f9a0c21d7e4b658', description: KEY_ID_DESCRIPTION })
  keyId!: string;
  @ApiProperty({ enum: [SIGNATURE_ALG] })
  alg!: string;
  @ApiProperty({ description: PUBLIC_KEY_DESCRIPTION })
  publicKey!: string;
  @ApiPropertyOptional({
    format: 'date-time',
    example: '2026-11-25T08:00:00.000Z',
    description:
      'When this store first signed with the key (absent for keys recorded before this was kept)',
  })
  since?: string;
}

export class KeysDto {
  @ApiProperty({
    type: [PublicKeyDto],
    description:
      'The current signing key first, then every key this store was signed with before (newest first)',
  })
  keys!: PublicKeyDto[];
}
