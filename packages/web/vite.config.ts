import { defineConfig } from 'vite';

// The app is served by the Larder service itself at `/`, under a CSP without inline script:
// no module-preload polyfill (it would be inlined) and every asset a file of its own.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
  },
});
