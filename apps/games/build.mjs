// `npm run build -w @backlay/games`: every page of every game of `src/` (`src/<game>/*.html`,
// a game being a folder with an `index.html`) built on its own, into `dist/<game>/`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const games = fs
  .readdirSync(path.join(here, 'src'))
  .filter((name) => fs.existsSync(path.join(here, 'src', name, 'index.html')));

for (const game of games) {
  const pages = fs
    .readdirSync(path.join(here, 'src', game))
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.slice(0, -'.html'.length))
    // The play page first: it empties the game's folder.
    .sort((a, b) => Number(b === 'index') - Number(a === 'index'));
  for (const [index, page] of pages.entries()) {
    Object.assign(process.env, { GAME: game, PAGE: page, PAGE_FIRST: index === 0 ? '1' : '0' });
    await build({ configFile: path.join(here, 'vite.config.ts') });
  }
}
