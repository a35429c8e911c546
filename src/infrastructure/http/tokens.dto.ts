import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, Length, Matches } from 'class-validator';
import { IsOptional } from '../../domain/shared/optional-member';
import { IsPlainText, NOT_BLANK } from './dto-patterns';

export class CreateOrganizerDto {
  @ApiProperty({ example: 'Moscow Open 2025 organizers', minLength: 1, maxLength: 100 })
  @IsString()
  @Length(1, 100)
  @Matches(NOT_BLANK, { message: 'name must not be blank' })
  @IsPlainText()
  name!: string;
}

export class OrganizerDto {
  @ApiProperty({
    format: 'uuid',
    description: 'The organizer id, recorded as the actor of their writes',
  })
  id!: string;

  @ApiProperty({ example: 'Moscow Open 2025 organizers' })
  name!: string;
}

export class IssuedOrganizerDto {
  @ApiProperty({
    format: 'uuid',
    description: 'The organizer id, recorded as the actor of their writes',
  })
  id!: string;

  @ApiProperty({ example: 'Moscow Open 2025 organizers' })
  name!: string;

  @ApiProperty({
    example: 'ml_org_Zk3…',
    description: 'The bearer token: shown this once, stored only as a hash',
  })
  token!: string;
}

export class CreateJudgeDto {
  @ApiProperty({ example: 'Anna Petrova', minLength: 1, maxLength: 100 })
  @IsString()
  @Length(1, 100)
  @Matches(NOT_BLANK, { message: 'name must not be blank' })
  @IsPlainText()
  name!: string;

  @ApiPropertyOptional({
    description: 'Scope: every match of this tournament (give this or matchId)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  tournamentId?: string;

  @ApiPropertyOptional({ description: 'Scope: this one match (give this or tournamentId)' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  matchId?: string;

  @ApiPropertyOptional({
    description:
      'The head judge: answers appeals of rulings (of the tournament’s matches, or of this match outside any tournament)',
  })
  @IsOptional()
  @IsBoolean()
  head?: boolean;
}

export class IssuedJudgeDto {
  @ApiProperty({
    format: 'uuid',
    description: 'The judge id, recorded as the actor of their rulings',
  })
  id!: string;

  @ApiProperty({
    example: 'ml_judge_q9X…',
    description: 'The bearer token: shown this once, stored only as a hash',
  })
  token!: string;
}
