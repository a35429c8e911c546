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
  resolve: {
    alias: {
      // The match-file page checks an export with the domain's verifier, the code `matchlog
      // verify` runs: its sha256, HMAC and Ed25519 come from this browser implementation.
      'node:crypto': fileURLToPath(new URL('./client/file/browser-crypto.ts', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('../../../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
  },
});
