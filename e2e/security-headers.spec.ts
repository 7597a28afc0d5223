import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { brandUrl } from './support/brand';
import { loginAsDemo } from './support/session';

/** Collects the page's Content-Security-Policy violations, from its first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) reported.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return async () => [
    ...reported,
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    )),
  ];
}

test('the pages run under their Content-Security-Policy without a violation', async ({ page }) => {
  // A login and a dozen page loads: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const violations = await recordViolations(page);
  const host = 'turf365.in';

  const login = await page.goto(brandUrl(host, '/auth/login'));
  const policy = login?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'self'");
  expect(login?.headers()['permissions-policy']).toContain('camera=()');
  await expect(page.getByTestId('login-page')).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto(brandUrl(host, '/auth/signup'));
  await expect(page.getByTestId('signup-page')).toBeVisible();
  expect(await violations()).toEqual([]);

  // Logged in: the main layout, the hub's WebSocket, the sports and account pages.
  await loginAsDemo(page, brandUrl(host, '/auth/login'));
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-state', 'connected');
  for (const pathname of [
    '/inplay',
    '/casino',
    '/lobby',
    '/change-button-values',
    '/bet-history',
  ]) {
    await page.goto(brandUrl(host, pathname));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByTestId('settings-overlay')).toHaveCount(0);
  }
  await page.goto(brandUrl(host, '/matchlist/3'));
  const firstEvent = page.locator('a[href^="/markets/"]').first();
  await firstEvent.click();
  await expect(page).toHaveURL(/\/markets\//);
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-state', 'connected');
  expect(await violations()).toEqual([]);

  // A suspended brand's maintenance page.
  await page.goto(brandUrl('closedbook.in', '/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Under maintenance');
  expect(await violations()).toEqual([]);
});

test('API answers are kept out of caches and pages carry no policy for the API', async ({
  request,
}) => {
  const health = await request.get(brandUrl('127.0.0.1', '/api/health'));
  expect(health.headers()['cache-control']).toBe('no-store');
  expect(health.headers()['content-security-policy']).toBeUndefined();
  // Plain HTTP: no Strict-Transport-Security unless configured.
  expect(health.headers()['strict-transport-security']).toBeUndefined();
});
