import { expect, type Page, type WebSocketRoute } from '@playwright/test';
import { test } from './support/test';
import { brandUrl, PORT } from './support/brand';
import { loginAsDemo } from './support/session';

/** The test host: 127.0.0.1 is served the `test` domain. */
const LOGIN_URL = brandUrl('127.0.0.1', '/auth/login');
const API = `http://127.0.0.1:${PORT}/api`;
const USER_INFO_PATH = '/api/Setting/GetSetting';
/** The record separator that ends every message of the hub protocol's JSON encoding. */
const RECORD_SEPARATOR = '\u001e';

interface HubFrame {
  type?: number;
  target?: string;
  arguments?: unknown[];
  result?: unknown;
}

/** The hub protocol messages in one WebSocket frame. */
function framesOf(payload: string | Buffer): HubFrame[] {
  return String(payload)
    .split(RECORD_SEPARATOR)
    .filter((text) => text.trim() !== '')
    .map((text) => JSON.parse(text) as HubFrame);
}

/** A server-to-client `Message` invocation, as the hub frames it. */
function messageFrame(argument: unknown): string {
  return JSON.stringify({ type: 1, target: 'Message', arguments: [argument] }) + RECORD_SEPARATOR;
}

/** Counts user info fetches from now on, and fails them, so only a push can change the header. */
async function refuseUserInfoFetches(page: Page): Promise<() => number> {
  let fetches = 0;
  await page.route(`**${USER_INFO_PATH}*`, (route) => {
    fetches += 1;
    return route.abort();
  });
  return () => fetches;
}

/** Marks the loaded document, so a reload (which would lose the mark) is seen. */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    document.documentElement.dataset.hubTestMark = 'kept';
  });
  return () => page.evaluate(() => document.documentElement.dataset.hubTestMark === 'kept');
}

test('a demo login connects to the hub, registers with the session, and logout closes it', async ({
  page,
}) => {
  const sent: HubFrame[] = [];
  const received: HubFrame[] = [];
  let closed = false;
  page.on('websocket', (socket) => {
    if (!new URL(socket.url()).pathname.startsWith('/hubs/main')) return;
    socket.on('framesent', (frame) => sent.push(...framesOf(frame.payload)));
    socket.on('framereceived', (frame) => received.push(...framesOf(frame.payload)));
    socket.on('close', () => {
      closed = true;
    });
  });

  // A guest's pages never open it.
  await page.goto(LOGIN_URL);
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.getByTestId('hub-status')).toHaveCount(0);
  expect(sent).toEqual([]);

  await loginAsDemo(page, LOGIN_URL);
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-state', 'connected');

  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const registration = sent.find((f) => f.target === 'RegisterClient');
  expect(registration?.arguments).toEqual([
    {
      Browser: await page.evaluate(() => navigator.userAgent),
      Domain: 'test',
      CurrentPage: expect.stringMatching(/^\//),
      Token: token,
    },
  ]);
  // The server took the token: this connection acts for the player and gets their balance.
  await expect
    .poll(() => received.find((f) => f.type === 3 && f.result !== undefined)?.result)
    .toMatchObject({ Authenticated: true });

  await page.getByTestId('user-menu').getByRole('button').first().click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect.poll(() => closed).toBe(true);
  await expect(page.getByTestId('hub-status')).toHaveCount(0);
});

test('a pushed balance reaches the header at once: no reload, no user info fetch', async ({
  page,
}) => {
  // The page's real hub connection, relayed through the test so it can add what the server
  // pushes when a balance changes.
  let relay: WebSocketRoute | null = null;
  const received: HubFrame[] = [];
  await page.routeWebSocket(/\/hubs\/main/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      received.push(...framesOf(message));
      socket.send(message);
    });
    relay = socket;
  });

  await loginAsDemo(page, LOGIN_URL);
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-state', 'connected');
  await expect(page.getByTestId('wallet-balance')).toHaveText('1,00,000.00');
  await expect(page.getByTestId('wallet-exposure')).toHaveText('0.00');
  await expect.poll(() => received.some((f) => f.type === 3)).toBe(true);

  const userInfoFetches = await refuseUserInfoFetches(page);
  const stillLoaded = await markDocument(page);
  const push = (argument: unknown) => {
    if (!relay) throw new Error('the page has no hub connection');
    relay.send(messageFrame(argument));
  };

  // A message the client cannot read is ignored, and the connection stays up.
  push({ Code: 'UserBalance', Data: '{"Balance":' });
  push({ Code: 'UserBalance', Data: '{"Balance":"lots","Exposure":0}' });
  // Exactly what the server sends after a bet moves money (contract: userBalanceMessage).
  push({ Code: 'UserBalance', Data: '{"Balance":98765.50,"Exposure":1234.50}' });

  await expect(page.getByTestId('wallet-balance')).toHaveText('98,765.50', { timeout: 3_000 });
  await expect(page.getByTestId('wallet-exposure')).toHaveText('1,234.50');
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-state', 'connected');
  expect(await stillLoaded()).toBe(true);
  expect(userInfoFetches()).toBe(0);
  // The stored session follows, so a reload starts from the pushed amounts.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userinfo') ?? '{}'));
  expect(stored).toMatchObject({ balance: 98_765.5, exposure: 1_234.5 });
});

test('when the server changes the balance, the header follows without a reload', async ({
  page,
}) => {
  await loginAsDemo(page, LOGIN_URL);
  await expect(page.getByTestId('hub-status')).toHaveAttribute('data-state', 'connected');
  await expect(page.getByTestId('wallet-balance')).toHaveText('1,00,000.00');
  const stillLoaded = await markDocument(page);
  const userInfoFetches = await refuseUserInfoFetches(page);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));

  // Play money added on the server by another client of the same player, not by this page.
  const topUp = await page.request.post(`${API}/Account/TopUpDemoBalance`, {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(((await topUp.json()) as { result: { balance: number } }).result.balance).toBe(200_000);
  await expect(page.getByTestId('wallet-balance')).toHaveText('2,00,000.00', { timeout: 4_000 });

  // The page's own top-up button: the header changes through the same push.
  await page.getByRole('button', { name: 'Top up play money' }).click();
  await expect(page.getByText('Your play money has been topped up.')).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('3,00,000.00', { timeout: 4_000 });

  expect(await stillLoaded()).toBe(true);
  expect(userInfoFetches()).toBe(0);
});
