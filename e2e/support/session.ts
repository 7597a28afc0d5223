import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PORT } from './brand';

/** The keys a logged-in session is stored under (spec §3). */
export const SESSION_KEYS = ['accessToken', 'refresh_token', 'expire_in', 'userinfo'] as const;
/** The saved base URL's key. */
export const BASE_URL_KEY = 'baseUrl';

/** The API on the test host (127.0.0.1 uses the `test` domain), for setting up accounts. */
const API = `http://127.0.0.1:${PORT}/api`;

export const PASSWORD = 'Cricket2026';

let serial = 0;

/** A user name no other test (or earlier run) has used: a letter, then up to 19 more. */
export function uniqueUserName(prefix = 'e2e'): string {
  const stamp = Date.now().toString(36).slice(-6);
  const random = Math.floor(Math.random() * 36 ** 3).toString(36);
  return `${prefix}${stamp}${random}${++serial}`.slice(0, 20);
}

/** An Indian mobile number, ten digits starting with 9. */
export function uniqueMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** The whole of the page's local storage. */
export function storageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

interface OutboxMessage {
  domain: string;
  mobile: string;
  body: string;
  createdAt: string;
}

/** The newest verification code sent to a mobile number, read from the development outbox. */
export async function latestCode(request: APIRequestContext, mobile: string): Promise<string> {
  const wanted = `+91${mobile.slice(-10)}`;
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${API}/dev/outbox`);
      expect(response.ok()).toBe(true);
      const envelope = (await response.json()) as { result: OutboxMessage[] };
      // Newest first.
      code = envelope.result.find((m) => m.mobile === wanted)?.body.match(/^\d{6}/)?.[0];
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

async function post(request: APIRequestContext, path: string, body: unknown) {
  const response = await request.post(`${API}/${path}`, { data: body });
  const envelope = (await response.json()) as { success: boolean; error: unknown };
  expect(envelope.success, `${path}: ${JSON.stringify(envelope.error)}`).toBe(true);
  return envelope;
}

/** Registers and verifies a player on the `test` domain through the API; returns the name. */
export async function createPlayer(request: APIRequestContext): Promise<string> {
  const userName = uniqueUserName();
  const mobile = uniqueMobile();
  await post(request, 'Account/Register', { userName, mobile, password: PASSWORD, domain: 'test' });
  await post(request, 'Account/VerificationUser', {
    userName,
    code: await latestCode(request, mobile),
  });
  return userName;
}

/**
 * Logs in as a demo player from the login page and waits for the landing page; `timeout` is for
 * a server busier than usual (a feed running many times faster than real time).
 */
export async function loginAsDemo(
  page: Page,
  loginUrl: string,
  { timeout }: { timeout?: number } = {},
): Promise<void> {
  await page.goto(loginUrl);
  await page.getByRole('button', { name: 'Login with demo ID' }).click();
  await expect(page).toHaveURL(/\/matchlist\/3$/, timeout ? { timeout } : {});
  await expect(page.getByTestId('user-name')).toHaveText('Demo');
}

/** Logs in with the login form as it is shown. */
export async function fillLogin(page: Page, userName: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
