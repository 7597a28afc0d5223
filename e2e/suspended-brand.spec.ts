import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { brandUrl } from './support/brand';
import { fillLogin, storageOf, uniqueUserName } from './support/session';

/** A brand no other spec opens: its settings file is edited while this test runs. */
const HOST = 'midnightexch.com';

interface Refusal {
  status: number;
  code: string;
  message: string;
}

function settingsFile(): string {
  const dir = process.env.E2E_DOMAINS_DIR;
  if (!dir) throw new Error('E2E_DOMAINS_DIR is not set; run through e2e/playwright.config.ts');
  return path.join(dir, 'settings', `${HOST}.json`);
}

test('a brand suspended while its login page is open refuses the login with its message', async ({
  page,
}) => {
  await page.goto(brandUrl(HOST, '/auth/login'));
  await expect(page.getByLabel('Username')).toBeVisible();
  expect((await storageOf(page)).siteSuspended).toBe('false');

  const file = settingsFile();
  const original = fs.readFileSync(file, 'utf8');
  try {
    const settings = JSON.parse(original);
    settings.setting.siteSuspended = true;
    fs.writeFileSync(file, JSON.stringify(settings, null, 2));

    const userName = uniqueUserName('susp');
    // The server reads settings files through a cache of up to 10 s; a login it still let
    // through is refused as a wrong password, leaving the form for another try.
    let refusal: Refusal;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const answered = page.waitForResponse((r) => r.url().includes('/api/Account/Authenticate'));
      await fillLogin(page, userName, 'Cricket2026');
      const response = await answered;
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      refusal = { status: response.status(), code: error.code, message: error.message };
      if (refusal.code === 'SITE_SUSPENDED' || Date.now() > deadline) break;
      await page.waitForTimeout(2_000);
    }

    expect(refusal).toMatchObject({ status: 503, code: 'SITE_SUSPENDED' });
    const { message } = refusal;
    expect(message).not.toBe('');
    await expect(page.getByTestId('toasts')).toContainText(message);
    await expect(page).toHaveURL(brandUrl(HOST, '/under-maintenance'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Under maintenance');
    expect((await storageOf(page)).siteSuspended).toBe('true');
    expect((await storageOf(page)).accessToken).toBeUndefined();
  } finally {
    fs.writeFileSync(file, original);
  }
});
