import fs from 'node:fs';
import path from 'node:path';

/** Everything the web bundle is built from, relative to the repository root. */
export const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/exchange/src',
  'config/domains/src',
  'config/domains/registry.json',
  'package-lock.json',
];

function newestMtimeMs(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtimeMs(path.join(target, entry)));
  }
  return newest;
}

/** Whether `apps/web/dist` is missing or older than any of its sources. */
export function webBuildIsStale(root) {
  const built = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return WEB_SOURCES.some((source) => newestMtimeMs(path.join(root, source)) > builtAt);
}
