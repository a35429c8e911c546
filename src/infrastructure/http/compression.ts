import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RouteOptions } from 'fastify';

/**
 * Below about one TCP segment, compressing gains no round trip and costs CPU: smaller
 * answers go as they are.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1400;

/** JSON, problem+json, NDJSON and the viewer's text assets; never an event stream. */
const COMPRESSIBLE =
  /^(?:application\/(?:json|problem\+json|x-ndjson|javascript)|text\/(?:html|css|javascript|plain))(?:;|$)/;

/** Route config: a write whose answer is worth compressing (POST export with a list of ids). */
export interface CompressedWriteRouteConfig {
  compressedAnswer?: boolean;
}

/**
 * gzip and brotli answers (`Accept-Encoding`) for reads. Writes answer uncompressed unless
 * their route asks otherwise (`@RouteConfig({ compressedAnswer: true })`): the decision path
 * stays as cheap as it was. Request bodies are never decompressed: a body is what its bytes
 * are, within the body limit.
 */
export async function useCompression(app: NestFastifyApplication): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  // Runs before the plugin's own onRoute hook, which reads config.compress.
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const reads = methods.every((method) => method === 'GET' || method === 'HEAD');
    const config = (route.config ?? {}) as CompressedWriteRouteConfig & { compress?: false };
    if (!reads && !config.compressedAnswer) route.config = { ...config, compress: false };
  });
  await app.register(compress as never, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
    // Every write is flushed: a streamed answer is written in slices (sliced-stream.ts), each
    // sent as it comes instead of held in the compressor's window (brotli held a whole export
    // back, issue 42); a whole answer is one write, so it costs it nothing.
    zlibOptions: { flush: zlibConstants.Z_SYNC_FLUSH },
    brotliOptions: { flush: zlibConstants.BROTLI_OPERATION_FLUSH },
  });
}
