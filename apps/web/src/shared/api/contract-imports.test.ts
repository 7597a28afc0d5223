import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the client's use of the route table", () => {
  it('imports call entries from their `*-calls` modules, never values of the whole table', () => {
    // The table holds every call's schemas; importing a value from it would bundle them all.
    const offenders = sourceFiles(SRC).filter((file) =>
      /import\s+(?!type\b)[^;]*from\s+'@backlay\/contract\/routes'|import\('@backlay\/contract\/routes'\)/.test(
        fs.readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
