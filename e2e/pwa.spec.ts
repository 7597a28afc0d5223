import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { brandUrl, settingOf } from './support/brand';
import { loginAsDemo } from './support/session';

// A service worker needs a secure context: over plain HTTP only `localhost` and its
// subdomains are one, so the brand is reached as its local preview host.
const BRAND = 'purplebet.in';
const HOST = `${BRAND}.localhost`;

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** Starts collecting the page's Content-Security-Policy violations; answers those so far. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** The URL of the script controlling the page, or null when no worker controls it. */
function controller(page: Page): Promise<string | null> {
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

/** A same-origin GET from the page: its status, type and body. */
function fetchFromPage(page: Page, url: string) {
  return page.evaluate(async (href) => {
    const response = await fetch(href);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: response.headers.get('content-type')?.includes('json') ? await response.text() : '',
    };
  }, url);
}

test("the page links the brand's manifest, which parses and names the brand", async ({
  page,
  context,
}) => {
  const violations = await recordViolations(page);
  await page.goto(brandUrl(HOST, '/auth/login'));
  await expect(page.getByTestId('login-page')).toBeVisible();

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await fetchFromPage(page, href ?? '');
  expect(response.status).toBe(200);
  expect(response.type).toContain('application/manifest+json');
  const manifest = JSON.parse(response.body) as Manifest;
  expect(manifest).toMatchObject({
    name: settingOf(BRAND).domainTitle,
    short_name: settingOf(BRAND).domainTitle,
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  // The browser bar's colour is the manifest's, before and after the page themes itself.
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
    'content',
    manifest.theme_color,
  );
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const src of [...manifest.icons.map((icon) => icon.src), appleIcon ?? '']) {
    expect(await fetchFromPage(page, src), src).toMatchObject({ status: 200, type: 'image/png' });
  }

  // Chromium itself reads the manifest without an error and finds nothing about the page that
  // stops its install: Playwright's contexts are incognito, which Chromium never installs from.
  const devtools = await context.newCDPSession(page);
  const read = await devtools.send('Page.getAppManifest');
  expect(read.url).toBe(brandUrl(HOST, '/manifest.webmanifest'));
  expect(read.errors).toEqual([]);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
  expect(await violations()).toEqual([]);
});

test('the service worker controls the page after a reload, and the shell starts offline', async ({
  page,
  context,
}) => {
  // A login, two reloads and an install: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const violations = await recordViolations(page);
  // The shell registers the worker once a player is in.
  await loginAsDemo(page, brandUrl(HOST, '/auth/login'));
  const scriptUrl = brandUrl(HOST, '/sw.js');
  expect(
    await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL)),
  ).toBe(scriptUrl);
  expect(await violations()).toEqual([]);

  await page.reload();
  await expect(page.getByTestId('user-name')).toHaveText('Demo');
  expect(await controller(page)).toBe(scriptUrl);

  await context.setOffline(true);
  try {
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    const offline = await page.reload();
    expect(offline?.fromServiceWorker()).toBe(true);
    expect(offline?.status()).toBe(200);
    // The brand's page, kept by the worker, and its entry script ran from the worker's cache.
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(1);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'purple');
    // Settings are never kept, so the running app says it has no network rather than the
    // browser showing its own offline page.
    await expect(page.getByTestId('toasts').getByTestId('toast').first()).toContainText(
      'Check Your Network Connection',
    );
    expect(await controller(page)).toBe(scriptUrl);
  } finally {
    await context.setOffline(false);
  }
});
