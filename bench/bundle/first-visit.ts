// Bundle benchmark: the gzip size of the JavaScript a phone downloads on a first visit to
// /auth/login, measured in Chromium against the real server, and a check that every route
// beyond the first is a chunk of its own.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startQuickStartServer } from '../support/quick-start-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_PORT ?? 18095);
/** The first-visit budget, in bytes of gzip (level 9). */
const FIRST_VISIT_BUDGET_BYTES = 150 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

async function firstVisitScripts(): Promise<
  { url: string; rawBytes: number; gzipBytes: number }[]
> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts: Promise<{ url: string; rawBytes: number; gzipBytes: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          rawBytes: body.length,
          gzipBytes: zlib.gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(`http://127.0.0.1:${PORT}/auth/login`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-page').waitFor();
    return Promise.all(scripts);
  } finally {
    await browser.close();
  }
}

function routeChunks(): ManifestChunk[] {
  const manifestPath = path.join(ROOT, 'apps/web/dist/.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  return Object.values(manifest).filter((chunk) => chunk.isDynamicEntry);
}

const server = await startQuickStartServer(PORT);
let overBudget: boolean;
try {
  const scripts = await firstVisitScripts();
  const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  console.log('First visit to /auth/login: JavaScript loaded');
  for (const s of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(
      `  ${(s.gzipBytes / 1024).toFixed(1).padStart(7)} KB gzip  ${(s.rawBytes / 1024).toFixed(1).padStart(7)} KB raw  ${s.url}`,
    );
  }
  overBudget = total > FIRST_VISIT_BUDGET_BYTES;
  console.log(
    `bundle.first-visit-login: ${(total / 1024).toFixed(1)} KB gzip (${total} bytes) in ${scripts.length} files; ` +
      `budget ${FIRST_VISIT_BUDGET_BYTES / 1024} KB (${FIRST_VISIT_BUDGET_BYTES} bytes): ${overBudget ? 'OVER BUDGET' : 'within budget'}`,
  );

  const chunks = routeChunks();
  const pageSources = chunks.map((c) => c.src ?? c.file);
  const distinctFiles = new Set(chunks.map((c) => c.file)).size;
  console.log(
    `bundle.route-chunks: ${chunks.length} lazily loaded chunks (${distinctFiles} distinct files):`,
  );
  for (const source of pageSources.sort()) console.log(`  ${source}`);
} finally {
  server.stop();
}
process.exit(overBudget ? 1 : 0);
