/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';
import { serviceWorkerPlugin } from './src/service-worker/vite-plugin.ts';

/** The one-origin server of `npm start`; the dev server forwards API, CDN and hub calls to it. */
const SERVER_ORIGIN = 'http://localhost:8080';

const proxy = {
  '/api': SERVER_ORIGIN,
  '/cdn': SERVER_ORIGIN,
  '/hubs': { target: SERVER_ORIGIN, ws: true },
};

// nanostores (the i18n library) renders every page's text, the first visit's too.
const FRAMEWORK_PACKAGES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod|zustand|nanostores|@nanostores)[\\/]/;
/** Library modules only the account pages use: they stay with those pages. */
const LAZY_LIBRARY_MODULES = /[\\/](mutationObserver|useMutation)\.js$/;

/**
 * The page's Content-Security-Policy allows no eval. Zod compiles object parsers with
 * `new Function` unless told not to, and probes whether it may as its schemas are built,
 * which the browser reports as a violation even though the probe's failure is caught: it is
 * told first thing in the chunk that holds it, before its own code runs.
 */
const ZOD_WITHOUT_EVAL = 'globalThis.__zod_globalConfig = { jitless: true };';
const ZOD_MODULE = /node_modules[\\/]zod[\\/]/;

function isFrameworkModule(id: string): boolean {
  return FRAMEWORK_PACKAGES.test(id) && !LAZY_LIBRARY_MODULES.test(id);
}

export default defineConfig({
  plugins: [
    react(),
    // Zod's classic API brings JSON Schema generation (≈15 KB raw) into every page that has a
    // schema, and the browser never generates JSON Schema: the client build leaves it out.
    zodWithoutJsonSchema(),
    // The service worker is built with the client: it needs the build's file names.
    serviceWorkerPlugin(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by the bundle benchmark to check that every route is a chunk of its own.
    manifest: true,
    // Browsers without modulepreload (Safari before 17) just load each chunk when it is
    // imported: the polyfill would cost every first visit its bytes to save them a round trip.
    modulePreload: { polyfill: false },
    // Fonts are files of their own, never inlined into a style sheet: a face is fetched only
    // when text in its letters is drawn (the Hindi font once Hindi is chosen), and the
    // style sheets every page loads stay small.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        // Seven hash characters (the fewest the build allows for this many chunks) tell a file
        // from its earlier builds, and the first visit's entry lists every lazy chunk's name
        // for its preloads: a character less on each is about 110 bytes of every first visit.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        banner: (chunk) =>
          chunk.moduleIds.some((id) => ZOD_MODULE.test(id)) ? ZOD_WITHOUT_EVAL : '',
        codeSplitting: {
          // The libraries every page runs on ship as one chunk: left to the default
          // splitting they break into small pieces shared with lazy routes, which compress
          // worse and cost a request each on the first visit.
          groups: [{ name: 'framework', test: isFrameworkModule }],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
  test: {
    name: 'web',
    environment: 'jsdom',
    // A worker's test files share one page and its modules: a fresh page and a fresh import of
    // React and the app for every file cost four times what the tests themselves took. What a
    // test leaves behind is undone after each test by the setup file.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/shared/test/setup.ts', 'src/features/bets/model/bet-slip.test-setup.ts'],
    // Page tests load lazy route chunks; on a busy two-core runner one test can pass 5 s.
    testTimeout: 15_000,
  },
});
