/// <reference types="vitest/config" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { zodWithoutEvalBanner } from '../../tools/vite/zod-without-eval.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Each page of each game is built on its own (`build.mjs` sets `GAME` and `PAGE` for every
 * `src/<game>/<page>.html`), so a page loads only its own code in one script: one game never
 * grows another, a game's verify page never grows its play page, and the player client's bundle
 * holds none of them. They default to the crash game's play page, for `vite`.
 */
const game = process.env.GAME ?? 'crash';
const page = process.env.PAGE ?? 'index';
const gameDir = path.join(here, 'src', game);

/** The studio's server, which serves the games and their WebSocket under `/games/`. */
const SERVER_ORIGIN = 'http://localhost:8080';

export default defineConfig(({ mode }) => ({
  // The test runner reads this file too: its root stays the workspace, where the tests are.
  root: mode === 'test' ? here : gameDir,
  // Assets are addressed from the page, so the studio may serve a game's folder at any path.
  base: './',
  plugins: [react()],
  build: {
    outDir: path.join(here, 'dist', game),
    // The game's first page empties its folder; its other pages are built beside it.
    emptyOutDir: process.env.PAGE_FIRST !== '0',
    // Read by the size check (`bench/bundle/games.ts`): which files each page loads.
    manifest: `.vite/${page}-manifest.json`,
    // A page is one script and its words: no preload helper.
    modulePreload: false,
    // Word catalogues stay files of their own (fetched for one language), never inlined.
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: { [page]: path.join(gameDir, `${page}.html`) },
      output: { banner: zodWithoutEvalBanner },
    },
  },
  server: { proxy: { '/games': { target: SERVER_ORIGIN, ws: true } } },
  test: {
    name: 'games',
    environment: 'jsdom',
    // A worker's test files share one page and its modules: a fresh page and a fresh import of
    // React and the app for every file cost four times what the tests themselves took. What a
    // test leaves behind is undone after each test by the setup file.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/shared/test/setup.ts'],
    testTimeout: 15_000,
  },
}));
