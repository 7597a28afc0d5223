// The console and the player in end-to-end tests: an owner from the README's command enrolled
// and signed in through the console, a bet on an upcoming market, and screenshots of a page at
// a desktop and a phone width.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { createOwner, totpCode } from './admin';
import { PORT } from './brand';
import { api, type ListedEvent } from './page-api';

export const ORIGIN = `http://127.0.0.1:${PORT}`;
const OPERATOR_PASSWORD = 'an operator passphrase';
export const SCREENSHOT_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'artifacts',
  'screenshots',
);

/** Saves the console's page at a desktop and a phone width, attached to the test's report. */
export async function screenshots(page: Page, name: string, testInfo: TestInfo) {
  for (const [label, width, height] of [
    ['1366', 1366, 900],
    ['390', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const file = path.join(SCREENSHOT_DIR, `${name}-${label}.png`);
    // Drawn as it settles: an opening menu's fade would be caught half-way.
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${name} ${label}`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

export interface Placed {
  eventId: number;
  eventExternalId: string;
  runnerName: string;
  marketId: string;
  runnerId: number;
  price: number;
}

/** Backs the favourite of an upcoming match-odds market at its best price, for ₹100 or `stake`. */
export async function backSomething(page: Page, stake = 100): Promise<Placed> {
  let placed: Placed | null = null;
  await expect
    .poll(
      async () => {
        const tree = await api<{ events: ListedEvent[] }[]>(
          page,
          'GET',
          'Event/TreeSportWithEvent',
        );
        for (const event of tree.result.flatMap((sport) => sport.events)) {
          const runner = event.matchOdds?.runners.find((r) => r.back !== null);
          if (event.status !== 'UPCOMING' || !event.matchOdds || !runner?.back) continue;
          const bet = await api<unknown>(page, 'POST', 'Bet/PlaceBetV2', {
            marketId: event.matchOdds.marketId,
            runnerId: runner.id,
            side: 'BACK',
            price: runner.back.price,
            stake,
            idempotencyKey: `adm${Date.now()}${event.id}`,
          });
          if (bet.success) {
            placed = {
              eventId: event.id,
              eventExternalId: event.externalId,
              runnerName: runner.name,
              marketId: event.matchOdds.marketId,
              runnerId: runner.id,
              price: runner.back.price,
            };
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  if (!placed) throw new Error('no bet could be placed');
  return placed;
}

/**
 * An owner from the README's command, enrolled in the console (QR code, password, code; the
 * recovery codes shown once) and signed in with the next step's code: the console's page.
 */
export async function signedInOwner(browser: Browser, ownerName: string): Promise<Page> {
  const link = createOwner(ownerName);
  expect(link).toContain('/admin/enrol#');
  return enrolAndSignIn(browser, link, ownerName);
}

/** An operator's enrolment through their link, then their sign-in: their console's page. */
export async function enrolAndSignIn(
  browser: Browser,
  link: string,
  ownerName: string,
): Promise<Page> {
  const console_ = await (await browser.newContext()).newPage();
  await console_.goto(link.replace(/^http:\/\/[^/]+/, ORIGIN));
  await expect(console_.getByRole('img', { name: /QR/i })).toBeVisible();
  const secret = (await console_.getByLabel('Secret').textContent()) ?? '';
  await console_.getByLabel('New password', { exact: true }).fill(OPERATOR_PASSWORD);
  await console_.getByLabel('New password again').fill(OPERATOR_PASSWORD);
  await console_.getByLabel('Code from the app').fill(totpCode(secret));
  await console_.getByRole('button', { name: 'Set up my account' }).click();
  await expect(
    console_.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);

  // Sign-in with the next step's code (the enrolling code is spent).
  await console_.goto(`${ORIGIN}/admin/sign-in`);
  await console_.getByLabel('User name').fill(ownerName);
  await console_.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await console_.getByLabel('Code').fill(totpCode(secret, 1));
  await console_.getByRole('button', { name: /sign in/i }).click();
  await expect(console_.getByText(ownerName)).toBeVisible();
  return console_;
}
