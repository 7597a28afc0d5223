// `npm run build -w @backlay/games`: every game of `src/` (a folder with an `index.html`) built on
// its own into `dist/<game>/`, one after the other.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const games = fs
  .readdirSync(path.join(here, 'src'))
  .filter((name) => fs.existsSync(path.join(here, 'src', name, 'index.html')));

for (const game of games) {
  process.env.GAME = game;
  await build({ configFile: path.join(here, 'vite.config.ts') });
}
