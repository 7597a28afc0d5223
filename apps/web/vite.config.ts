/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The one-origin server of `npm start`; the dev server forwards API, CDN and hub calls to it. */
const SERVER_ORIGIN = 'http://localhost:8080';

const proxy = {
  '/api': SERVER_ORIGIN,
  '/cdn': SERVER_ORIGIN,
  '/hubs': { target: SERVER_ORIGIN, ws: true },
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by the bundle benchmark to check that every route is a chunk of its own.
    manifest: true,
  },
  server: { proxy },
  preview: { proxy },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/shared/test/setup.ts'],
  },
});
