import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { NotFoundError } from '../../../application/errors';
import { ApiProblems } from '../api-problems.decorator';
import { NoToken } from '../openapi';
import { lineSchemaUrl, standaloneSchema } from './line-schemas';
import { PublishedDocument } from './published-document';
import { LineSchemasDto } from './schemas.dto';

const SCHEMA_JSON = 'application/schema+json';

@ApiTags('export')
@Controller('api/v1/schemas')
export class SchemasController {
  constructor(private readonly published: PublishedDocument) {}

  @Get()
  @NoToken()
  @ApiOperation({
    operationId: 'listLineSchemas',
    summary: 'The JSON Schemas of NDJSON lines and of events',
    description:
      'One JSON Schema (draft-07) per kind of NDJSON line (`export-line`, `feed-line`, `player-match-line`, `event`) and per ruleset’s events (`event.<ruleset>`: a oneOf keyed by `type`). Each NDJSON answer names its line’s schema in the document (`x-json-schema`). Their history: docs/event-formats.md.',
  })
  @ApiOkResponse({ type: LineSchemasDto })
  list(): LineSchemasDto {
    return {
      schemas: Object.entries(this.published.lineSchemas).map(([name, component]) => ({
        name,
        component,
        url: lineSchemaUrl(name),
      })),
    };
  }

  @Get(':name')
  @NoToken()
  @ApiOperation({
    operationId: 'getLineSchema',
    summary: 'The JSON Schema of one kind of NDJSON line, or of a ruleset’s events',
    description:
      'A standalone JSON Schema (draft-07, `application/schema+json`) with every schema it uses under `definitions`: validate each line of an NDJSON answer with it, as it streams.',
  })
  @ApiParam({ name: 'name', example: 'export-line' })
  @ApiOkResponse({
    description: 'The JSON Schema',
    content: { [SCHEMA_JSON]: { schema: { type: 'object', additionalProperties: true } } },
  })
  @ApiProblems(404)
  get(@Param('name') name: string, @Res({ passthrough: true }) reply: FastifyReply): object {
    const { document, lineSchemas } = this.published;
    const component = Object.hasOwn(lineSchemas, name) ? lineSchemas[name] : undefined;
    if (!component || !document)
      throw new NotFoundError({
        en: `There is no line schema ${name}: GET /api/v1/schemas lists them (${Object.keys(lineSchemas).join(', ')})`,
        ru: `Схемы строк «${name}» нет: список — GET /api/v1/schemas (${Object.keys(lineSchemas).join(', ')})`,
      });
    void reply.header('content-type', `${SCHEMA_JSON}; charset=utf-8`);
    return standaloneSchema(document, component, name);
  }
}
