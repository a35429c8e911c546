import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { IsPlainText, NOT_BLANK } from '../dto-patterns';

/** A tournament id is a slug: it appears in URLs, match lists and judge scopes. */
export const TOURNAMENT_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export class CreateTournamentDto {
  @ApiProperty({
    example: 'moscow-open-2026',
    pattern: TOURNAMENT_SLUG.source,
    description:
      'The slug matches and judge tokens name the tournament by: lowercase letters, digits and inner hyphens, 1-64 characters. Taken once, by whoever comes first.',
  })
  @IsString()
  @Matches(TOURNAMENT_SLUG, {
    message:
      'tournamentId must be 1-64 lowercase letters, digits and hyphens, starting and ending with a letter or digit',
  })
  tournamentId!: string;

  @ApiProperty({ example: 'Открытый чемпионат Москвы 2026', minLength: 1, maxLength: 200 })
  @IsString()
  @Length(1, 200)
  @Matches(NOT_BLANK, { message: 'name must not be blank' })
  @IsPlainText()
  name!: string;
}

export class TournamentDto {
  @ApiProperty({ example: 'moscow-open-2026' })
  tournamentId!: string;

  @ApiProperty({ example: 'Открытый чемпионат Москвы 2026' })
  name!: string;

  @ApiProperty({
    format: 'uuid',
    description:
      'The organizer who created it: only they (or an admin) add its matches and appoint its judges',
  })
  organizer!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}
