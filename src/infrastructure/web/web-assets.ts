import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One built file of the viewer, kept in memory with its gzip form (the bundle is small). */
export interface WebAsset {
  body: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  /** Content-hashed file names never change: cache them for a year. */
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);

/** The viewer's build output: `dist/web` of the package (built by `npm run build:web`). */
export function findWebRoot(from: string = __dirname): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) {
      const root = join(dir, 'dist', 'web');
      return existsSync(join(root, 'index.html')) ? root : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Reads every file of the build into memory, keyed by URL path ('/index.html', '/assets/x.js'). */
export function loadWebAssets(root: string): Map<string, WebAsset> {
  const assets = new Map<string, WebAsset>();
  for (const file of walk(root)) {
    const ext = extname(file);
    const body = readFileSync(file);
    const path = `/${relative(root, file).split(sep).join('/')}`;
    const gzip =
      COMPRESSIBLE.has(ext) && body.length > 512 ? gzipSync(body, { level: 9 }) : undefined;
    assets.set(path, {
      body,
      gzip,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      immutable: path.startsWith('/assets/'),
    });
  }
  return assets;
}

function* walk(dir: string): Iterable<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}
