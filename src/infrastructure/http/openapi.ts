import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { APP_VERSION } from '../config/package-info';

/** Name of the bearer security scheme: `@ApiBearerAuth(BEARER_AUTH)` on protected controllers. */
export const BEARER_AUTH = 'bearer';

const DESCRIPTION = `
An event-sourced log of tabletop war game matches: every decision and every dice roll is an
immutable, hash-chained event. Judges review disputes at any moment of a match, players
replay their games, statistics sites read match lists, logs and a live feed.

**Tokens.** Send \`Authorization: Bearer <token>\`. The admin token comes from
\`MATCHLOG_ADMIN_TOKEN\` (or is printed once at first start). The admin registers organizers;
an organizer creates matches and receives one token per seat to hand to the players; judge
tokens are scoped to a tournament or a match. Finished public matches and statistics need no
token. Tokens are shown once and stored only as hashes.

**Errors** are \`application/problem+json\` (RFC 9457): \`type\` ends with a stable code
(\`invalid-body\`, \`forbidden\`, \`rule-violation\`, ...), \`detail\` says what was wrong, and
invalid fields are listed in \`errors\`.
`.trim();

/** Serves the OpenAPI 3 document at /docs-json and the Swagger UI at /docs. */
export function setupOpenApi(app: NestFastifyApplication): void {
  const config = new DocumentBuilder()
    .setTitle('matchlog')
    .setDescription(DESCRIPTION)
    .setVersion(APP_VERSION)
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'A matchlog token (ml_…)' },
      BEARER_AUTH,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
}
