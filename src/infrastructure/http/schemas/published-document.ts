import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/** The OpenAPI document as published at /docs-json, once setupOpenApi built it. */
@Injectable()
export class PublishedDocument {
  document?: OpenAPIObject;
  /** The line schemas it publishes as JSON Schema: each name in its URL, and its component. */
  lineSchemas: Record<string, string> = {};
}
