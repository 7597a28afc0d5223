import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './support/test';
import { brandUrl } from './support/brand';

const SCREENSHOT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'artifacts/screenshots',
);

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

const BRANDS = [
  { host: '99exch.com', theme: '99exch' },
  { host: 'cricbet99.com', theme: 'cricbet99' },
  { host: 'purplebet.in', theme: 'purple' },
  { host: 'greenplay.in', theme: 'green' },
  { host: 'skyexchange.bet', theme: 'sky' },
  { host: 'gold365.bet', theme: 'gold365' },
  { host: 'grandexch.com', theme: 'grand' },
  { host: 'redline.bet', theme: 'crimson' },
  { host: 'nightowl.bet', theme: 'midnight' },
  { host: 'kabaddikings.in', theme: 'body-bg' },
] as const;

for (const viewport of VIEWPORTS) {
  test(`themed login pages at ${viewport.name} width are saved as artifacts`, async ({
    page,
  }, testInfo) => {
    // Ten brands' pages, each loaded and drawn in full: more than one page's 30 s on a busy CI.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const sizes = new Set<number>();
    for (const brand of BRANDS) {
      await page.goto(brandUrl(brand.host, '/auth/login'));
      await expect(page.getByTestId('login-page')).toBeVisible();
      await expect(page.getByTestId('settings-overlay')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('data-theme', brand.theme);
      const file = path.join(SCREENSHOT_DIR, `login-${brand.host}-${viewport.name}.png`);
      const png = await page.screenshot({ path: file, fullPage: true });
      sizes.add(png.length);
      await testInfo.attach(`${brand.host} ${viewport.name}`, {
        path: file,
        contentType: 'image/png',
      });
    }
    // Brands are drawn differently, so most of their screenshots differ even in byte size.
    expect(sizes.size).toBeGreaterThan(BRANDS.length / 2);
  });
}
