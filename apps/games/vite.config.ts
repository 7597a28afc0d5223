/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { zodWithoutEvalBanner } from '../../tools/vite/zod-without-eval.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Each game is built on its own (`build.mjs` sets `GAME` for each folder of `src/` that has an
 * `index.html`), so a game's page loads only its own code: one game never grows another, and the
 * player client's bundle never holds any of them. `GAME` defaults to the crash game, for `vite`.
 */
const game = process.env.GAME ?? 'crash';
const gameDir = path.join(here, 'src', game);

/** Every page of the game (its `index.html`, and any other, like the crash game's verify page). */
function pagesOf(dir: string): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  const pages = fs.readdirSync(dir).filter((file) => file.endsWith('.html'));
  return Object.fromEntries(pages.map((file) => [file.slice(0, -5), path.join(dir, file)]));
}

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
    emptyOutDir: true,
    // Read by the size check (`bench/bundle/games.ts`): which files each page of a game loads.
    manifest: true,
    // A game's chunks are few and small: no preload helper (its code would cost more than it saves).
    modulePreload: false,
    rolldownOptions: {
      input: pagesOf(gameDir),
      output: { banner: zodWithoutEvalBanner },
    },
  },
  server: { proxy: { '/games/ws': { target: SERVER_ORIGIN, ws: true } } },
  test: {
    name: 'games',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/shared/test/setup.ts'],
    testTimeout: 15_000,
  },
}));
