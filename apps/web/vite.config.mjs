// Vite builds the page the daemon serves at `/` (apps/web/dist). Preact's JSX through Vite's
// own transformer (no plugin): the automatic runtime imported from preact.
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The CSP allows no inline script: never inline a chunk or a module-preload polyfill.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
  },
  server: { proxy: { '/v1': 'http://127.0.0.1:8787' } },
});
