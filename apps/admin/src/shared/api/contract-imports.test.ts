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

describe("the back office's use of the contract", () => {
  it('imports call entries from `admin-calls`, never values of the whole route tables', () => {
    // The tables gather every call; a value imported from one would bundle all their schemas.
    const offenders = sourceFiles(SRC).filter((file) =>
      /import\s+(?!type\b)[^;]*from\s+'@backlay\/contract\/(admin-routes|routes)'/.test(
        fs.readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
