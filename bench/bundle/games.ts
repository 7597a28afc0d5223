// Games' bundle check: what each page of each built-in studio game loads before it is playable
// (its script with the scripts that one imports, its style sheets, and its words of one
// language), in bytes of gzip (level 9), against the per-game budget of issue #27: 80 KB. Each
// page is built on its own (apps/games/build.mjs), so what it loads is read from its manifest.
// Also checks that no game page carries zod (the games read the studio's messages with their own
// small readers; see apps/games/src/shared/wire.ts).
//
//   npx tsx bench/bundle/games.ts            (builds the games first)
//   GAMES_BENCH_NO_BUILD=1 npx tsx bench/bundle/games.ts
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'apps/games/dist');
/** The budget of one game's page in one language, in bytes of gzip (level 9). */
const GAME_PAGE_BUDGET_BYTES = 80 * 1024;
const LANGUAGES = ['en', 'hi'] as const;
/** Names only zod's code has: one in a game's script means the contract's schemas came along. */
const ZOD_MARKERS = ['$ZodType', 'ZodError'];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

const gzipBytes = (file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.env.GAMES_BENCH_NO_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '-w', '@backlay/games'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('The games did not build.');
    process.exit(1);
  }
}

let failures = 0;
const games = fs.existsSync(DIST) ? fs.readdirSync(DIST) : [];
if (games.length === 0) {
  console.error(`No games built in ${DIST}.`);
  process.exit(1);
}
for (const game of games.sort()) {
  const manifests = path.join(DIST, game, '.vite');
  for (const manifestFile of fs.readdirSync(manifests).sort()) {
    const page = manifestFile.replace(/-manifest\.json$/, '');
    const manifest = JSON.parse(
      fs.readFileSync(path.join(manifests, manifestFile), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    if (!entry) throw new Error(`${game}/${page}: no entry in ${manifestFile}`);

    // The entry and every chunk it imports statically, each once.
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const lazy = new Set<string>();
    const visit = (chunk: ManifestChunk) => {
      if (scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const key of chunk.dynamicImports ?? []) lazy.add(manifest[key]?.file ?? key);
      for (const key of chunk.imports ?? []) {
        const imported = manifest[key];
        if (imported) visit(imported);
      }
    };
    visit(entry);
    const sum = (files: Iterable<string>) =>
      [...files].reduce((total, file) => total + gzipBytes(path.join(DIST, game, file)), 0);
    const scriptBytes = sum(scripts);
    const styleBytes = sum(styles);

    const code = [...scripts]
      .map((file) => fs.readFileSync(path.join(DIST, game, file), 'utf8'))
      .join('\n');
    const zod = ZOD_MARKERS.filter((marker) => code.includes(marker));
    if (zod.length > 0) {
      failures++;
      console.log(`games.${game}.${page}: carries zod (${zod.join(', ')}): FAILED`);
    }

    for (const language of LANGUAGES) {
      // Every catalogue of the language the page fetches before it draws (a card game's page
      // fetches the card tables' words and its own).
      const wordsFiles = Object.keys(manifest)
        .filter((key) => key.endsWith(`words/${language}.json`))
        .map((key) => manifest[key]?.file ?? '');
      const wordsBytes = sum(wordsFiles);
      const total = scriptBytes + styleBytes + wordsBytes;
      const over = total > GAME_PAGE_BUDGET_BYTES;
      if (over) failures++;
      console.log(
        `games.${game}.${page}.${language}: ${kb(total)} gzip (${total} bytes): ` +
          `script ${kb(scriptBytes)} in ${scripts.size} file(s), styles ${kb(styleBytes)}, ` +
          `words ${kb(wordsBytes)} in ${wordsFiles.length} file(s); budget ${kb(GAME_PAGE_BUDGET_BYTES)}: ` +
          `${over ? 'OVER BUDGET' : 'within budget'}`,
      );
    }
    if (lazy.size > 0) {
      console.log(`  loaded later, when needed: ${[...lazy].join(', ')} (${kb(sum(lazy))})`);
    }
  }
}
process.exit(failures > 0 ? 1 : 0);
