import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets');

/** Each brand's logo file, by its folder. */
const logos = fs
  .readdirSync(ASSETS)
  .map((folder) => [folder, path.join(ASSETS, folder, 'logo.svg')] as const)
  .filter(([, file]) => fs.existsSync(file));

/** A logo's mark: the drawing before its word mark (the text beside it, at x = 48). */
function markOf(svg: string): string {
  return svg
    .replace(/<svg[^>]*>/, '')
    .replace(/<text x="48"[\s\S]*?<\/text>/, '')
    .replace(/<\/svg>/, '')
    .trim();
}

describe('the brands’ logo marks', () => {
  it('give every seeded brand a mark of its own, beside its name', () => {
    expect(logos.length).toBeGreaterThan(30);
    const marks = new Map<string, string>();
    for (const [folder, file] of logos) {
      const svg = fs.readFileSync(file, 'utf8');
      const mark = markOf(svg);
      expect(mark, folder).not.toBe('');
      expect(svg, folder).toMatch(/<text x="48"/);
      expect(marks.get(mark), `${folder} has the mark of ${marks.get(mark)}`).toBeUndefined();
      marks.set(mark, folder);
    }
  });
});
