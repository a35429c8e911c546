import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The web client's build: web/ → dist/web, served by the Nest app (web-pages.controller.ts).
 * It bundles the pure domain code it imports as `@domain/…` (evolveTable, event phrasing),
 * never the server.
 */
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  logLevel: 'warn',
  resolve: {
    alias: {
      // The same alias as web/tsconfig.json: the shared pure domain code.
      '@domain': fileURLToPath(new URL('../src/domain', import.meta.url)),
      // The match-file page checks an export with the domain's verifier, the code `matchlog
      // verify` runs: its sha256, HMAC and Ed25519 come from this browser implementation.
      'node:crypto': fileURLToPath(new URL('./src/file/browser-crypto.ts', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
  },
});
