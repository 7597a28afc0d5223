// `npm test`: formatting, lint, types, unit and integration tests (Vitest), then end-to-end
// tests in Chromium (Playwright). Every step runs; the run fails if any step failed, and the
// last line sums up the test counts of both runners.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * Runs quick checks side by side (each is one process on one core, waiting on the disk at
 * times), then prints each one's output whole, in the order given.
 */
async function runTogether(checks) {
  const chosen = checks.filter(([name]) => only.length === 0 || only.includes(name));
  const outcomes = await Promise.all(
    chosen.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', (error) =>
            resolve({ name, command, args, output: `${error}`, ok: false, code: 'not started' }),
          );
          child.on('close', (code, signal) =>
            resolve({ name, command, args, output, ok: code === 0, code: code ?? signal }),
          );
        }),
    ),
  );
  const results = {};
  for (const { name, command, args, output, ok, code } of outcomes) {
    console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
    if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${code})`}`);
    results[name] = ok;
  }
  return results;
}

const steps = await runTogether([
  ['format', 'npx', ['prettier', '--check', '.']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['types', 'npm', ['run', '--silent', 'typecheck']],
]);

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
