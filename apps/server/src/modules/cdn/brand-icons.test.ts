import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createBrandIcons, type ArtworkReader, type BrandArtwork } from './brand-icons';

const SQUARE_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#f5b300"/></svg>',
);
/** An ICO header: image-size knows it, sharp does not draw from it. */
const ICO = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);

async function png(widthPx: number, heightPx: number): Promise<Buffer> {
  return sharp({
    create: { width: widthPx, height: heightPx, channels: 4, background: '#ff0000' },
  })
    .png()
    .toBuffer();
}

/** A reader of a fixed set of files that counts what it was asked for. */
function reader(files: Record<string, Buffer>): ArtworkReader & { reads: string[] } {
  const reads: string[] = [];
  return Object.assign(
    async (url: string) => {
      reads.push(url);
      return files[url];
    },
    { reads },
  );
}

/** A pixel's channels; an icon that was not made fails the test here. */
async function pixel(image: Buffer | undefined, x: number, y: number): Promise<number[]> {
  if (!image) throw new Error('no icon was made');
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

const artwork = (sources: string[], background = '#0a1320'): BrandArtwork => ({
  sources,
  background,
});

describe('createBrandIcons', () => {
  it('draws the artwork on an opaque square of the theme colour, at each icon size', async () => {
    const icons = createBrandIcons(reader({ '/fav.svg': SQUARE_SVG }));
    for (const [file, sizePx] of [
      ['icon-192.png', 192],
      ['icon-512.png', 512],
      ['icon-maskable-512.png', 512],
      ['apple-touch-icon.png', 180],
    ] as const) {
      const image = await icons.icon('a.example', artwork(['/fav.svg']), file);
      const meta = await sharp(image).metadata();
      expect(meta, file).toMatchObject({ format: 'png', width: sizePx, height: sizePx });
      expect(meta.hasAlpha, file).toBe(false);
      expect(await pixel(image, 0, 0), file).toEqual([0x0a, 0x13, 0x20]);
      // The artwork's middle: the SVG's amber, drawn at the icon's size.
      expect(await pixel(image, sizePx / 2, sizePx / 2), file).toEqual([0xf5, 0xb3, 0]);
    }
  });

  it('keeps a maskable icon inside the safe circle a launcher may crop to', async () => {
    const icons = createBrandIcons(reader({ '/big.png': await png(600, 600) }));
    const image = await icons.icon('a.example', artwork(['/big.png']), 'icon-maskable-512.png');
    // The artwork spans 56 % of the side (287 px): its corner is 0.396 of the side from the
    // middle, inside the circle of radius 0.4.
    expect(await pixel(image, 256 - 140, 256 - 140)).toEqual([255, 0, 0]);
    expect(await pixel(image, 256 - 148, 256 - 148)).toEqual([0x0a, 0x13, 0x20]);
  });

  it('draws from the first source it can read, preferring one that needs no enlarging', async () => {
    const read = reader({
      '/favicon.ico': ICO,
      '/small.png': await png(32, 32),
      '/logo.svg': SQUARE_SVG,
    });
    const icons = createBrandIcons(read);
    const image = await icons.icon(
      'a.example',
      artwork(['/favicon.ico', '/small.png', '/logo.svg']),
      'icon-192.png',
    );
    // The SVG logo, not the 32 px PNG: amber in the middle, not red.
    expect(await pixel(image, 96, 96)).toEqual([0xf5, 0xb3, 0]);

    const onlySmall = createBrandIcons(reader({ '/small.png': await png(32, 32) }));
    const enlarged = await onlySmall.icon('b.example', artwork(['/small.png']), 'icon-192.png');
    expect(await pixel(enlarged, 96, 96)).toEqual([255, 0, 0]);
  });

  it('has no icon for a brand without artwork it can read', async () => {
    const icons = createBrandIcons(reader({ '/favicon.ico': ICO }));
    expect(
      await icons.icon('a.example', artwork(['/favicon.ico', '/gone.svg']), 'icon-192.png'),
    ).toBeUndefined();
  });

  it("makes a brand's icons once per version, and again when the brand changes", async () => {
    const read = reader({ '/fav.svg': SQUARE_SVG });
    const icons = createBrandIcons(read);
    const first = await icons.icon('a.example', artwork(['/fav.svg']), 'icon-512.png');
    const again = await icons.icon('a.example', artwork(['/fav.svg']), 'icon-512.png');
    await icons.icon('a.example', artwork(['/fav.svg']), 'icon-192.png');
    expect(again).toBe(first);
    expect(read.reads).toEqual(['/fav.svg']);

    // A new theme colour is a new version: drawn afresh, on the new colour.
    const recoloured = await icons.icon(
      'a.example',
      artwork(['/fav.svg'], '#ffffff'),
      'icon-512.png',
    );
    expect(recoloured).not.toBe(first);
    expect(await pixel(recoloured, 0, 0)).toEqual([255, 255, 255]);
    expect(read.reads).toEqual(['/fav.svg', '/fav.svg']);
  });

  it('tries again after a failure instead of keeping it', async () => {
    let fail = true;
    const icons = createBrandIcons(async () => {
      if (fail) throw new Error('storage unavailable');
      return SQUARE_SVG;
    });
    await expect(icons.icon('a.example', artwork(['/fav.svg']), 'icon-192.png')).rejects.toThrow(
      'storage unavailable',
    );
    fail = false;
    const image = await icons.icon('a.example', artwork(['/fav.svg']), 'icon-192.png');
    expect((await sharp(image).metadata()).width).toBe(192);
  });
});
