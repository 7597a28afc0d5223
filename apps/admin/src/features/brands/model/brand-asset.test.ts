import { BRAND_ASSET_MAX_BYTES } from '@backlay/contract/admin-brands';
import { describe, expect, it } from 'vitest';
import { assetProblem, bytesToBase64, formatKilobytes, readFileBytes } from './brand-asset';

describe('assetProblem', () => {
  it('takes an image of a known type up to the limit', () => {
    expect(assetProblem({ name: 'logo.png', type: 'image/png', size: BRAND_ASSET_MAX_BYTES })).toBe(
      null,
    );
    expect(assetProblem({ name: 'favicon.ico', type: '', size: 900 })).toBeNull();
  });

  it('refuses a file over the limit, saying both sizes', () => {
    expect(
      assetProblem({ name: 'logo.png', type: 'image/png', size: BRAND_ASSET_MAX_BYTES + 1 }),
    ).toBe(
      `The file is ${formatKilobytes(BRAND_ASSET_MAX_BYTES + 1024)}; at most ${formatKilobytes(BRAND_ASSET_MAX_BYTES)} is allowed.`,
    );
    expect(formatKilobytes(BRAND_ASSET_MAX_BYTES + 1)).toBe(
      `${BRAND_ASSET_MAX_BYTES / 1024 + 1} KB`,
    );
  });

  it('refuses other types and empty files', () => {
    expect(assetProblem({ name: 'logo.jpg', type: 'image/jpeg', size: 10 })).toMatch(/PNG, WebP/);
    expect(assetProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 0 })).toMatch(/empty/);
  });
});

describe('bytesToBase64', () => {
  it('encodes like Node, across several chunks', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(bytesToBase64(new Uint8Array())).toBe('');
  });
});

describe('readFileBytes', () => {
  it('reads a chosen file’s bytes', async () => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    expect([...(await readFileBytes(file))]).toEqual([137, 80, 78, 71]);
  });
});
