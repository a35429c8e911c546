import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The replay viewer's build: src/infrastructure/web/client → dist/web, served by the Nest
 * app (web-pages.controller.ts). It bundles the pure domain code it imports (evolveTable,
 * event phrasing), never the server.
 */
const root = fileURLToPath(new URL('./client', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../../../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
  },
});
