import fs from 'node:fs';
import path from 'node:path';

/** What every client's bundle is also built from, relative to the repository root. */
const SHARED_SOURCES = [
  'packages/contract/src',
  'config/domains/src',
  'config/domains/registry.json',
  'package-lock.json',
];

/**
 * The clients `npm start` serves: each one's workspace, its build folder, and everything its
 * bundle is built from (relative to the repository root).
 */
export const CLIENTS = [
  {
    name: 'web client',
    workspace: '@backlay/web',
    dist: 'apps/web/dist',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/exchange/src',
      ...SHARED_SOURCES,
    ],
  },
  {
    name: 'back office',
    workspace: '@backlay/admin',
    dist: 'apps/admin/dist',
    sources: [
      'apps/admin/src',
      'apps/admin/public',
      'apps/admin/index.html',
      'apps/admin/vite.config.ts',
      'apps/admin/package.json',
      'tools/vite',
      ...SHARED_SOURCES,
    ],
  },
  {
    // The built-in studio's games, each built into a folder of its own (`dist/<game>/`).
    name: 'games',
    workspace: '@backlay/games',
    dist: 'apps/games/dist/crash',
    sources: [
      'apps/games/src',
      'apps/games/vite.config.ts',
      'apps/games/build.mjs',
      'apps/games/package.json',
      'tools/vite',
      ...SHARED_SOURCES,
    ],
  },
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

/** Whether a client's build is missing or older than any of its sources. */
export function clientBuildIsStale(root, client) {
  const built = path.join(root, client.dist, 'index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return client.sources.some((source) => newestMtimeMs(path.join(root, source)) > builtAt);
}
