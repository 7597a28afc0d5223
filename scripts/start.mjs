// `npm start`: build the web client when its sources are newer than the build, then run the
// server (migrations, API, CDN and the client) in this one process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { webBuildIsStale } from './web-build-state.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (webBuildIsStale(root)) {
  console.log('Building the web client (its sources changed since the last build)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@backlay/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The web client failed to build; not starting.');
    process.exit(build.status ?? 1);
  }
}

register();
await import('../apps/server/src/main.ts');
