import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { NotFoundError } from '../../application/errors';
import { findWebRoot, loadWebAssets, type WebAsset } from './web-assets';

/**
 * The viewer's pages, one single-page app that reads the API from the browser: `/` (the
 * match list), `/replay/:matchId`, `/replay/file` (a match file replayed offline), `/judge`
 * (the judge's desk), `/judge/:matchId/:disputeId` (one dispute heard), `/judge/ruling/:matchId/:seq` (a ruling to print), `/stats`, `/play/:matchId` (a seat's table) and `/new` (the organizer's
 * page); `/assets/*` are its built files.
 * Their security headers (the content security policy among them) are set for every response
 * in http/security-headers.ts.
 */
@ApiExcludeController()
@Controller()
export class WebPagesController {
  private assets: Map<string, WebAsset> | undefined;

  @Get()
  list(
    @Headers('accept-encoding') encoding: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): void {
    this.page(encoding, ifNoneMatch, reply);
  }

  @Get([
    'replay/:matchId',
    'judge',
    'judge/:matchId/:disputeId',
    'judge/ruling/:matchId/:seq',
    'stats',
    'new',
    'play/:matchId',
  ])
  replay(
    @Headers('accept-encoding') encoding: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): void {
    this.page(encoding, ifNoneMatch, reply);
  }

  @Get('assets/:file')
  asset(
    @Param('file') file: string,
    @Headers('accept-encoding') encoding: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): void {
    const asset = this.load()?.get(`/assets/${file}`);
    if (!asset) throw new NotFoundError(`There is no asset ${file}`);
    send(reply, asset, encoding, ifNoneMatch);
  }

  @Get('favicon.svg')
  favicon(
    @Headers('accept-encoding') encoding: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): void {
    const asset = this.load()?.get('/favicon.svg');
    if (!asset) throw new NotFoundError('There is no favicon');
    send(reply, asset, encoding, ifNoneMatch);
  }

  private page(
    encoding: string | undefined,
    ifNoneMatch: string | undefined,
    reply: FastifyReply,
  ): void {
    const index = this.load()?.get('/index.html');
    if (!index) {
      void reply
        .status(503)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT);
      return;
    }
    send(reply, index, encoding, ifNoneMatch);
  }

  /** Loaded on first use, so the API starts even where the viewer was not built. */
  private load(): Map<string, WebAsset> | undefined {
    if (this.assets) return this.assets;
    const root = findWebRoot();
    if (root) this.assets = loadWebAssets(root);
    return this.assets;
  }
}

/** The pages call only this origin's API; nothing inline but styles. */
function send(
  reply: FastifyReply,
  asset: WebAsset,
  encoding: string | undefined,
  ifNoneMatch: string | undefined,
): void {
  void reply
    .header('content-type', asset.type)
    .header('etag', asset.etag)
    .header('vary', 'accept-encoding')
    .header('cache-control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (ifNoneMatch !== undefined && ifNoneMatch.split(/\s*,\s*/).includes(asset.etag)) {
    void reply.status(304).send();
    return;
  }
  if (asset.gzip && /\bgzip\b/.test(encoding ?? '')) {
    void reply.header('content-encoding', 'gzip').send(asset.gzip);
    return;
  }
  void reply.send(asset.body);
}

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>matchlog</title>
<body style="font-family:sans-serif;margin:2rem"><h1>The replay viewer is not built</h1>
<p>Run <code>npm run build</code> (or <code>npm run build:web</code>) and restart the service.
The API is up: see <a href="/docs">/docs</a>.</p></body></html>`;
