import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type WebSocket } from '@playwright/test';
import { test } from './support/test';
import { brandUrl } from './support/brand';
import { BASE_URL_KEY, loginAsDemo, SESSION_KEYS, storageOf } from './support/session';

const SCREENSHOT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'artifacts/screenshots',
);

/** The keys a page load stores for the site itself, whoever is logged in (spec §3, §4). */
const SITE_KEYS = ['domainSetting', 'siteSuspended'];

/** The hub sockets a page opens, each still open or not. */
function watchSockets(page: Page): WebSocket[] {
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes('/hubs/main')) sockets.push(socket);
  });
  return sockets;
}

test('/auth/logout opened directly logs the player out and lands on the login form', async ({
  page,
}) => {
  const sockets = watchSockets(page);
  await loginAsDemo(page, brandUrl('99exch.com', '/auth/login'));
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-state', 'connected');
  await page.evaluate((key) => {
    localStorage.setItem(key, `${location.origin}/api/`);
    localStorage.setItem('lotus_url', '/games/crash');
  }, BASE_URL_KEY);
  const before = await storageOf(page);
  for (const key of SESSION_KEYS) expect(before[key], key).toBeTruthy();
  expect(sockets).toHaveLength(1);

  // Typed into the address bar, as a bookmark or the 401 path would open it.
  await page.goto(brandUrl('99exch.com', '/auth/logout'));

  await expect(page).toHaveURL(brandUrl('99exch.com', '/auth/login'));
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login with demo ID' })).toBeVisible();
  const after = await storageOf(page);
  // Nothing of the player is left: only the saved base URL, and the site's settings that
  // this page load stored again for itself.
  expect(after[BASE_URL_KEY]).toBe(brandUrl('99exch.com', '/api/'));
  expect(
    Object.keys(after).filter((key) => key !== BASE_URL_KEY && !SITE_KEYS.includes(key)),
  ).toEqual([]);
  // The logged-out page opens no hub connection of its own.
  expect(sockets).toHaveLength(1);

  // Logged out for real: a player page asks for a login again.
  await page.goto(brandUrl('99exch.com', '/bet-history'));
  await expect(page).toHaveURL(brandUrl('99exch.com', '/auth/login?to=%2Fbet-history'));
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('/auth/login while logged in offers Continue and Log out, and both work', async ({
  page,
}, testInfo) => {
  const host = 'gold365.bet';
  const sockets = watchSockets(page);
  await loginAsDemo(page, brandUrl(host, '/auth/login'));

  // Continue: to the page named by `to`, still logged in.
  await page.goto(brandUrl(host, '/auth/login?to=%2Fchange-button-values'));
  const offer = page.getByTestId('logged-in');
  await expect(offer).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are logged in');
  await expect(page.getByTestId('logged-in-name')).toHaveText('Demo');
  await expect(page.getByLabel('Username')).toHaveCount(0);

  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1366, height: 768 },
  ]) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const file = path.join(SCREENSHOT_DIR, `login-logged-in-${host}-${viewport.name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`logged in at login, ${viewport.name}`, {
      path: file,
      contentType: 'image/png',
    });
  }

  await offer.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(brandUrl(host, '/change-button-values'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stake buttons');
  await expect(page.getByTestId('user-name')).toHaveText('Demo');

  // Without `to`, Continue goes to the landing page.
  await page.goto(brandUrl(host, '/auth/login'));
  await page.getByTestId('logged-in').getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(brandUrl(host, '/matchlist/3'));

  // Log out: the full logout, then the login form on the same page.
  const earlierSockets = sockets.length;
  await page.goto(brandUrl(host, '/auth/login'));
  await expect(page.getByTestId('logged-in')).toBeVisible();
  // A session connects to the hub on any page, this one too.
  await expect.poll(() => sockets.length).toBe(earlierSockets + 1);
  const hub = sockets[earlierSockets];
  await page.getByTestId('logged-in').getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
  // The session's hub connection stops with it.
  await expect.poll(() => hub?.isClosed()).toBe(true);
  await expect(page.getByTestId('logged-in')).toHaveCount(0);
  await expect(page).toHaveURL(brandUrl(host, '/auth/login'));
  expect(await storageOf(page)).toEqual({});

  await page.goto(brandUrl(host, '/change-button-values'));
  await expect(page).toHaveURL(brandUrl(host, '/auth/login?to=%2Fchange-button-values'));
});
