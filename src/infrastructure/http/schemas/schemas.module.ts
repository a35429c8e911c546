import { Module } from '@nestjs/common';
import { PublishedDocument } from './published-document';
import { SchemasController } from './schemas.controller';

/** `api/v1/schemas`: the JSON Schemas of NDJSON lines and of every ruleset's events. */
@Module({
  controllers: [SchemasController],
  providers: [PublishedDocument],
  exports: [PublishedDocument],
})
export class SchemasModule {}
