import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { brandUrl, settingOf } from './support/brand';
import {
  MALFORMED_HOST,
  MALFORMED_SETTINGS,
  PARTIAL_HOST,
  partialSettings,
  UNKNOWN_HOST,
} from './support/domains-dir';

async function themeOf(page: Page) {
  return page.evaluate(() => ({
    htmlTheme: document.documentElement.dataset.theme,
    bodyTheme: document.body.dataset.theme,
    htmlClass: document.documentElement.className,
    bodyClass: document.body.className,
    bodyBackground: getComputedStyle(document.body).backgroundColor,
  }));
}

async function expectMaintenanceWithToast(page: Page, message: RegExp, kind = 'error') {
  await expect(page).toHaveURL(/\/under-maintenance$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Under maintenance');
  const toast = page.getByTestId('toasts').getByTestId('toast');
  await expect(toast.first()).toHaveAttribute('data-kind', kind);
  await expect(toast.first()).toContainText(message);
}

test('two brand hostnames get different themes', async ({ page }) => {
  await page.goto(brandUrl('99exch.com', '/auth/login'));
  await expect(page.getByTestId('login-page')).toBeVisible();
  const first = await themeOf(page);

  await page.goto(brandUrl('cricbet99.com', '/auth/login'));
  await expect(page.getByTestId('login-page')).toBeVisible();
  const second = await themeOf(page);

  expect(first.htmlTheme).toBe('99exch');
  expect(first.bodyTheme).toBe('99exch');
  expect(first.htmlClass).toContain('theme-99exch');
  expect(first.bodyClass).toContain('theme-99exch');
  expect(second.htmlTheme).toBe('cricbet99');
  expect(second.bodyClass).toContain('theme-cricbet99');
  expect(second.bodyBackground).not.toBe(first.bodyBackground);
});

test('a brand previews locally as <domain>.localhost', async ({ page }) => {
  await page.goto(brandUrl('gold365.bet.localhost', '/auth/login'));
  await expect(page.getByTestId('login-page')).toBeVisible();
  expect((await themeOf(page)).htmlTheme).toBe('gold365');
  await expect(page).toHaveTitle(new RegExp(`^${settingOf('gold365.bet').domainTitle}`));
});

test('a hostname in no theme group is coloured by its bodyBgColor', async ({ page }) => {
  await page.goto(brandUrl('wicketwin.com', '/auth/login'));
  await expect(page.getByTestId('login-page')).toBeVisible();
  const theme = await themeOf(page);
  expect(theme.htmlTheme).toBe('body-bg');
  const expected = await page.evaluate((hex) => {
    const probe = document.createElement('div');
    probe.style.color = hex;
    document.body.appendChild(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    return rgb;
  }, settingOf('wicketwin.com').bodyBgColor);
  expect(theme.bodyBackground).toBe(expected);
});

test('title, description and favicon come from the domain settings', async ({ page }) => {
  const setting = settingOf('purplebet.in');
  await page.goto(brandUrl('purplebet.in', '/auth/login'));
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${setting.domainTitle}.+Login`));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    setting.description,
  );
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
    'href',
    new RegExp(setting.favicon.replace(/\./g, '\\.')),
  );
});

test('an unknown path goes to /error-404', async ({ page }) => {
  await page.goto(brandUrl('99exch.com', '/no/such/page'));
  await expect(page).toHaveURL(/\/error-404$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('a guest on an auth route goes to /auth/login with the intended path', async ({ page }) => {
  await page.goto(brandUrl('99exch.com', '/bet-history'));
  await expect(page).toHaveURL(/\/auth\/login\?to=%2Fbet-history$/);
  await expect(page.getByTestId('login-page')).toBeVisible();
});

test('/auth/logout leads to /auth/login', async ({ page }) => {
  await page.goto(brandUrl('99exch.com', '/auth/logout'));
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('a suspended domain ends on /under-maintenance with a toast', async ({ page }) => {
  await page.goto(brandUrl('closedbook.in', '/auth/login'));
  await expectMaintenanceWithToast(page, /^Closed Book is under maintenance/, 'info');
});

test('a host with no settings file ends on /under-maintenance with the server message', async ({
  page,
}) => {
  await page.goto(brandUrl(UNKNOWN_HOST, '/auth/login'));
  await expectMaintenanceWithToast(page, /No settings are published/);
});

for (const [host, body] of [
  [MALFORMED_HOST, MALFORMED_SETTINGS],
  [PARTIAL_HOST, partialSettings()],
] as const) {
  test(`a bad settings file (${host}) is a failed load, not a blank page`, async ({ page }) => {
    // The server publishes only settings it validated; a CDN in front of it could still hand
    // the page a broken copy, which is what this answer stands for.
    await page.route(`**/cdn/settings/${host}.json*`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    await page.goto(brandUrl(host, '/auth/login'));
    await expectMaintenanceWithToast(page, /could not be read/);
  });
}
