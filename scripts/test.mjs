// `npm test`: formatting, lint, types, unit and integration tests (Vitest), then end-to-end
// tests in Chromium (Playwright). Every step runs; the run fails if any step failed, and the
// last line sums up the test counts of both runners.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-test-'));
const only = process.argv.slice(2);

function run(name, command, args, env = {}) {
  if (only.length > 0 && !only.includes(name)) return null;
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ok = result.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`}`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const steps = {};
steps.format = run('format', 'npx', ['prettier', '--check', '.']);
steps.lint = run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
steps.types = run('types', 'npm', ['run', '--silent', 'typecheck']);

const vitestReport = path.join(reports, 'vitest.json');
steps.unit = run('unit', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);

const playwrightReport = path.join(reports, 'playwright.json');
steps.e2e = run('e2e', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const playwright = readJson(playwrightReport);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
const failedSteps = Object.entries(steps)
  .filter(([, ok]) => ok === false)
  .map(([name]) => name);
// A step that failed without a test failing (lint, a crash before any test ran) still fails the run.
if (failedSteps.length > 0 && failed === 0) failed = failedSteps.length;

console.log(
  `\nSteps: ${Object.entries(steps)
    .filter(([, ok]) => ok !== null)
    .map(([n, ok]) => `${n} ${ok ? 'ok' : 'FAILED'}`)
    .join(', ')}`,
);
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
