/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { zodWithoutEvalBanner } from '../../tools/vite/zod-without-eval.ts';

/** The one-origin server of `npm start`; the dev server forwards the back office's calls to it. */
const SERVER_ORIGIN = 'http://localhost:8080';

const proxy = { '/admin/api': SERVER_ORIGIN };

/** The libraries every page of the back office runs on: one chunk, cached across releases. */
const FRAMEWORK_PACKAGES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]react-query|@tanstack[\\/]query-core|zod)[\\/]/;
/** The grid library: every page but sign-in and enrolment uses it, so it ships once, apart. */
const TABLE_PACKAGES = /node_modules[\\/]@tanstack[\\/](react-table|table-core)[\\/]/;
/** The chart library: only the dashboard draws charts, so it loads with that page, apart. */
const CHART_PACKAGES = /node_modules[\\/]uplot[\\/]/;

export default defineConfig({
  // Served by the server under `/admin/`, beside the player client at `/`.
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        banner: zodWithoutEvalBanner,
        codeSplitting: {
          groups: [
            { name: 'framework', test: (id: string) => FRAMEWORK_PACKAGES.test(id) },
            { name: 'table', test: (id: string) => TABLE_PACKAGES.test(id) },
            { name: 'charts', test: (id: string) => CHART_PACKAGES.test(id) },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
  test: {
    name: 'admin',
    environment: 'jsdom',
    // A worker's test files share one page and its modules: a fresh page and a fresh import of
    // React and the app for every file cost four times what the tests themselves took. What a
    // test leaves behind is undone after each test by the setup file.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/shared/test/setup.ts'],
    // Page tests load lazy route chunks; on a busy two-core runner one test can pass 5 s.
    testTimeout: 15_000,
  },
});
