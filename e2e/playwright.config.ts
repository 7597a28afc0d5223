import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { prepareDomainsDir } from './support/domains-dir';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM_PATH)) {
  throw new Error(
    `End-to-end tests need Chromium at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`,
  );
}

const port = Number(process.env.E2E_PORT ?? 18080);
// Set once by the runner process; workers inherit it, so they all see the same folders.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-e2e-data-'));
process.env.E2E_DOMAINS_DIR ??= prepareDomainsDir();

/** Tests that wait on a game table's rounds (see `projects`). */
const ROUND_SPECS = ['**/card-games.spec.ts', '**/crash-game.spec.ts'];
const SETTLEMENT_SPEC = '**/settlement.spec.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'artifacts/test-results',
  fullyParallel: true,
  // One browser at a time for pages that draw live markets: with two, a live market page
  // repainting in one starved the other on a two-core machine (a page's script chunk took nine
  // seconds to arrive and run). The games' round tests spend most of their time waiting for a
  // table's next round, so they run beside the others, one at a time themselves.
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // The browser, the server and its sports feed share two cores: a demo login that takes a
  // second on a quiet machine has been seen to take over five, so a wait for what a page
  // shows allows ten.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  projects: [
    { name: 'chromium', testIgnore: [...ROUND_SPECS, SETTLEMENT_SPEC], workers: 1 },
    { name: 'rounds', testMatch: ROUND_SPECS, workers: 1 },
    // The settlement test's own server, its feed sixty times faster than real time, keeps a
    // core busy: it runs once the others are done, so they never wait behind it.
    { name: 'settlement', testMatch: SETTLEMENT_SPEC, dependencies: ['chromium', 'rounds'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot.
    // The trace's screencast is left out: encoding frames all through every test doubled the
    // browser's CPU (navigation.spec.ts took 78 s with it, 43 s without, on a two-core machine).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-sync',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        // Brand hostnames (99exch.com, …) all reach the local server.
        '--host-resolver-rules=MAP * 127.0.0.1',
      ],
    },
  },
  webServer: {
    command: 'npm start',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DOMAINS_DIR: process.env.E2E_DOMAINS_DIR,
      // End-to-end runs use the embedded database whatever the shell exports.
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The sports feed invents the same fixtures every run.
      FEED_SEED: '2026',
      // Every test's browser comes from 127.0.0.1, as a whole café would: the tests log in far
      // more demo players a minute than one address is allowed (its limit has tests of its own).
      LIMIT_DEMO_ADDRESS: '600/1m',
    },
  },
});
