import { expect } from '@playwright/test';
import { test } from './support/test';
import { ownerApi } from './support/admin';
import { brandUrl, PORT } from './support/brand';
import { fillLogin, storageOf, uniqueUserName } from './support/session';

/** A brand no other spec opens: an operator suspends it while this test runs. */
const HOST = 'midnightexch.com';

interface BrandState {
  domain: string;
  version: number;
  entry: unknown;
  betting: unknown;
  settings: { setting: Record<string, unknown> } & Record<string, unknown>;
}

interface Refusal {
  status: number;
  code: string;
  message: string;
}

test('a brand suspended while its login page is open refuses the login with its message', async ({
  page,
}) => {
  await page.goto(brandUrl(HOST, '/auth/login'));
  await expect(page.getByLabel('Username')).toBeVisible();
  expect((await storageOf(page)).siteSuspended).toBe('false');

  // An operator suspends the brand in the back office: it applies on the next request.
  const operator = await ownerApi(`http://127.0.0.1:${PORT}`, `susp.${Date.now().toString(36)}`);
  const brand = await operator.call<BrandState>('GET', 'brands/detail', { domain: HOST });
  const save = (siteSuspended: boolean, version: number) =>
    operator.call<BrandState>('POST', 'brands/update', {
      domain: HOST,
      version,
      entry: brand.entry,
      betting: brand.betting,
      settings: { ...brand.settings, setting: { ...brand.settings.setting, siteSuspended } },
    });
  const suspended = await save(true, brand.version);
  try {
    const userName = uniqueUserName('susp');
    const answered = page.waitForResponse((r) => r.url().includes('/api/Account/Authenticate'));
    await fillLogin(page, userName, 'Cricket2026');
    const response = await answered;
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    const refusal: Refusal = {
      status: response.status(),
      code: error.code,
      message: error.message,
    };

    expect(refusal).toMatchObject({ status: 503, code: 'SITE_SUSPENDED' });
    const { message } = refusal;
    expect(message).not.toBe('');
    await expect(page.getByTestId('toasts')).toContainText(message);
    await expect(page).toHaveURL(brandUrl(HOST, '/under-maintenance'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Under maintenance');
    expect((await storageOf(page)).siteSuspended).toBe('true');
    expect((await storageOf(page)).accessToken).toBeUndefined();
  } finally {
    await save(false, suspended.version);
  }
});
