// The server as `npm start` runs it (scripts/start.mjs: the built clients, the embedded
// database in a fresh folder, no Redis), on a port of the benchmark's, for benchmarks that
// drive a browser against the real pages.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the server on `port`; resolves once it answers its health check. */
export function startQuickStartServer(port: number): Promise<{ stop: () => void }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-bench-')),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => child.kill('SIGTERM');
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    const poll = setInterval(() => {
      fetch(`http://127.0.0.1:${port}/api/health`)
        .then((res) => {
          if (res.ok) {
            clearInterval(poll);
            resolve({ stop });
          }
        })
        .catch(() => undefined);
    }, 250);
  });
}
