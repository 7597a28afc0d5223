// `npm start`: build each client (the web client, the back office) when its sources are newer
// than its build, then run the server (migrations, API, CDN and the clients) in this one process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { CLIENTS, clientBuildIsStale } from './client-build-state.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

for (const client of CLIENTS) {
  if (!clientBuildIsStale(root, client)) continue;
  console.log(`Building the ${client.name} (its sources changed since the last build)...`);
  const build = spawnSync('npm', ['run', 'build', '-w', client.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error(`The ${client.name} failed to build; not starting.`);
    process.exit(build.status ?? 1);
  }
}

register();
await import('../apps/server/src/main.ts');
