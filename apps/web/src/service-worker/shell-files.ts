/**
 * The app shell the service worker keeps on install, worked out at build time: the page (`/`)
 * and the files every page loads before anything else, that is the entry script, the scripts
 * it imports statically and their styles. Route chunks are not among them: they are kept as
 * they are first loaded, so a first visit downloads nothing it would not have anyway.
 */

/** A chunk of the build, as the bundler reports it. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** Files it imports statically (dynamic imports are left out on purpose). */
  imports: readonly string[];
  /** Style sheets it brings. */
  css: readonly string[];
}

/** The page the shell is kept under; every page of the client is this same document. */
export const SHELL_PAGE = '/';

/** The shell's URLs: the page, then the entries' files and everything they import, sorted. */
export function shellFiles(chunks: readonly BuiltChunk[]): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = byName.get(fileName);
    for (const css of chunk?.css ?? []) files.add(css);
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  return [SHELL_PAGE, ...[...files].sort().map((file) => `/${file}`)];
}

/**
 * A build's id, from the names of all its files (each named by its content): the worker's
 * cache is named by it, so a new build keeps its files apart and drops the old build's.
 */
export function buildIdOf(fileNames: readonly string[]): string {
  // FNV-1a, 32 bits: a name for a set of names, not a defence against anything.
  let hash = 0x811c9dc5;
  for (const char of [...fileNames].sort().join('\n')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
