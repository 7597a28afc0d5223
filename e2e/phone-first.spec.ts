// What a player reads first, end to end, at a phone's width (390 px) and a laptop's (1366 px):
// balance and exposure always in the header, changing after a bet without a reload; a fancy
// and a bookmaker bet reading in bet history as they were placed (No or Yes, runs, the rate);
// bet history with no sideways scroll on a phone; the market page with a price above the
// fold; and Hindi drawn in Devanagari glyphs on a machine with no Devanagari font of its own.
// Screenshots of each page at both widths.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { brandUrl } from './support/brand';
import { backSomething, ORIGIN, screenshots, signedInOwner } from './support/console';
import { api, type ListedEvent } from './support/page-api';
import { loginAsDemo } from './support/session';

const HOST = '127.0.0.1';
const CRICKET = 3;
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

interface ListedMarket {
  id: string;
  name: string;
  type: string;
  status: string;
  line: number | null;
}

interface QuotedRunner {
  runnerId: number;
  back: { price: number }[];
  lay: { price: number }[];
}

/** A bet placed through the API, as the market quoted it. */
interface PlacedBet {
  market: ListedMarket;
  side: 'BACK' | 'LAY';
  price: number;
}

/** Places ₹100 on a market of the given type of a cricket match, at the side the house quotes. */
async function betOn(page: Page, type: 'FANCY' | 'BOOKMAKER'): Promise<PlacedBet> {
  let placed: PlacedBet | null = null;
  await expect
    .poll(
      async () => {
        const listed = await api<ListedEvent[]>(page, 'GET', 'event/GetBySportName', {
          sportId: String(CRICKET),
        });
        for (const event of listed.result) {
          const { result } = await api<{ markets: ListedMarket[] }>(
            page,
            'GET',
            'Market/GetByEventId',
            { eventId: String(event.id) },
          );
          for (const market of result.markets.filter(
            (m) => m.type === type && m.status === 'OPEN',
          )) {
            const odds = await api<{ runners: QuotedRunner[] }[]>(
              page,
              'GET',
              'Odds/GetUserOddsV2',
              { marketIds: market.id },
            );
            const runner = odds.result?.[0]?.runners[0];
            const lay = runner?.lay[0]?.price;
            const back = runner?.back[0]?.price;
            if (!runner || (lay === undefined && back === undefined)) continue;
            const side = lay !== undefined ? 'LAY' : 'BACK';
            const price = (lay ?? back) as number;
            const bet = await api<unknown>(page, 'POST', 'Bet/PlaceBetV2', {
              marketId: market.id,
              runnerId: runner.runnerId,
              side,
              price,
              stake: 100,
              idempotencyKey: `pf${Date.now()}${market.id.replace(/\D/g, '')}`,
            });
            if (bet.success) {
              placed = { market, side, price };
              return true;
            }
          }
        }
        return false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  if (!placed) throw new Error(`no ${type} bet could be placed`);
  return placed;
}

/** The fonts Chromium drew an element's text with (its own report, through DevTools). */
async function fontsDrawing(
  page: Page,
  selector: string,
): Promise<{ familyName: string; isCustomFont: boolean; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts;
  } finally {
    await cdp.detach();
  }
}

/** How far the page scrolls sideways: 0 when it fits its viewport. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('balance and exposure stay in the header at a phone’s width and a laptop’s, and move after a bet', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await loginAsDemo(page, brandUrl(HOST, '/auth/login'));
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const header = page.locator('header.site-header');
    for (const figure of ['wallet-balance', 'wallet-exposure']) {
      await expect(header.getByTestId(figure)).toBeVisible();
      await expect(header.getByTestId(figure)).toBeInViewport();
    }
    await expect(header.getByTestId('wallet-exposure')).toHaveText('0.00');
    // The header never pushes the page sideways to fit them.
    expect(await sidewaysScroll(page)).toBe(0);
  }
  // Available shows beside them where there is room; on a phone it waits behind the chevron.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId('wallet-available')).toBeVisible();
  await page.setViewportSize(WIDTHS[0]);
  await expect(page.getByTestId('wallet-available')).toBeHidden();

  // A bet moves exposure in the header by the hub's push, with no reload.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await backSomething(page, 250);
  await expect(page.getByTestId('wallet-exposure')).toHaveText('250.00');
  await expect(page.getByTestId('wallet-balance')).toHaveText('1,00,000.00');
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
  await screenshots(page, 'header-balance-exposure', testInfo);
});

test('bet history reads fancy and bookmaker bets as placed, and has no sideways scroll on a phone', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await loginAsDemo(page, brandUrl(HOST, '/auth/login'));
  const fancy = await betOn(page, 'FANCY');
  const bookmaker = await betOn(page, 'BOOKMAKER');
  const fancyRuns = Math.ceil(fancy.market.line ?? 0);
  const rateOf = (price: number) => Math.round((price - 1) * 100);

  await page.setViewportSize(WIDTHS[0]);
  await page.goto(brandUrl(HOST, '/bet-history'));
  const history = page.getByTestId('bet-history');
  const rows = history.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  expect(await sidewaysScroll(page)).toBe(0);
  // The bookmaker bet was placed last: it is listed first.
  const [bookmakerRow, fancyRow] = [rows.nth(0), rows.nth(1)];
  await expect(fancyRow.locator('.history-row__side')).toHaveText(
    fancy.side === 'LAY' ? 'No' : 'Yes',
  );
  await expect(fancyRow.locator('.history-row__selection')).toHaveText(`${fancyRuns} runs`);
  await expect(fancyRow.locator('.history-row__event')).toContainText(fancy.market.name);
  await expect(bookmakerRow.locator('.history-row__side')).toHaveText(
    bookmaker.side === 'LAY' ? 'Lay' : 'Back',
  );
  // The price as the market showed it: a whole rate, never decimal odds.
  for (const row of [fancyRow, bookmakerRow]) {
    await expect(row.locator('.history-row__price')).toHaveText(/^rate \d+$/);
    // Cards on a phone: every figure of the bet is in view, none off to the side.
    const box = await row.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expect(bookmakerRow.locator('.history-row__price')).toHaveText(
    `rate ${rateOf(bookmaker.price)}`,
  );
  await screenshots(page, 'bet-history-fancy-bookmaker', testInfo);

  // Open bets read the same. The feed runs live: a session can end (and its bet settle) while
  // the test looks at bet history, so the page is held to the bets the server still has open.
  await page.goto(brandUrl(HOST, '/open-bets'));
  const matched = page.getByRole('list', { name: 'Matched bets' });
  await expect(matched.getByRole('listitem').first()).toBeVisible();
  // The page and the server agree on the matched bets; polled together, since a session that
  // ends while the test looks settles its bet on both sides at slightly different moments.
  let stillMatched: string[] = [];
  await expect
    .poll(
      async () => {
        const open = await api<{ openBets: { marketType: string; matchedStake: number }[] }>(
          page,
          'GET',
          'Bet/GetUserOpenBets',
        );
        stillMatched = open.result.openBets
          .filter((bet) => bet.matchedStake > 0)
          .map((bet) => bet.marketType);
        return (await matched.getByRole('listitem').count()) === stillMatched.length;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(stillMatched).toContain('BOOKMAKER');
  if (stillMatched.includes('FANCY')) await expect(matched).toContainText(`${fancyRuns} runs`);
  await expect(matched).toContainText(`rate ${rateOf(bookmaker.price)}`);
  expect(await sidewaysScroll(page)).toBe(0);
  await screenshots(page, 'open-bets-fancy-bookmaker', testInfo);
});

test('the console’s player page reads the player’s fancy and bookmaker bets as they were placed', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const player = await (await browser.newContext()).newPage();
  await loginAsDemo(player, `${ORIGIN}/auth/login`);
  const fancy = await betOn(player, 'FANCY');
  const bookmaker = await betOn(player, 'BOOKMAKER');
  const info = await api<{ userId: string }>(player, 'GET', 'Setting/GetSetting');

  const console_ = await signedInOwner(browser, `owner.${Date.now().toString(36)}`);
  await console_.goto(`${ORIGIN}/admin/players/${info.result.userId}`);
  const bets = console_.getByRole('table', { name: 'Bets' });
  await expect(bets.getByRole('row')).toHaveCount(3);
  const row = (marketName: string) =>
    bets.getByRole('row').filter({ has: console_.getByText(marketName, { exact: true }) });
  const fancyRow = row(fancy.market.name);
  await expect(fancyRow).toContainText(`${Math.ceil(fancy.market.line ?? 0)} runs`);
  await expect(fancyRow).toContainText(fancy.side === 'LAY' ? 'No' : 'Yes');
  await expect(fancyRow).toContainText(`rate ${Math.round((fancy.price - 1) * 100)}`);
  await expect(row(bookmaker.market.name)).toContainText(
    `rate ${Math.round((bookmaker.price - 1) * 100)}`,
  );
  await screenshots(console_, 'admin-player-bets', testInfo);
});

test('the market page shows a price above the fold on a phone, the scorecard one line', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await loginAsDemo(page, brandUrl(HOST, '/auth/login'));
  const listed = await api<ListedEvent[]>(page, 'GET', 'event/GetBySportName', {
    sportId: String(CRICKET),
  });
  const event = listed.result.find((e) => e.status === 'IN_PLAY') ?? listed.result[0];
  if (!event) throw new Error('no cricket event is listed');
  await page.setViewportSize(WIDTHS[0]);
  await page.goto(brandUrl(HOST, `/markets/${event.id}/${event.externalId}`));
  const matchOdds = page.getByRole('region', { name: 'Match Odds', exact: true });
  const price = matchOdds.locator('.price').first();
  await expect(price).toBeVisible();
  // Live prices are drawn anew as they move: measure whichever cell stands there now.
  await expect
    .poll(
      async () => {
        const box = await price.boundingBox();
        return box ? box.y + box.height : Infinity;
      },
      { message: 'the first price is drawn above the fold' },
    )
    .toBeLessThanOrEqual(WIDTHS[0].height);
  expect(await sidewaysScroll(page)).toBe(0);
  // The scorecard is one line above the prices; a tap opens it whole.
  const line = page.getByTestId('scorecard-line');
  await expect(line).toBeVisible();
  await expect(page.getByTestId('scorecard')).toBeHidden();
  await line.click();
  await expect(page.getByTestId('scorecard')).toBeVisible();
  await line.click();
  await screenshots(page, 'market-page-prices-first', testInfo);
});

test('Hindi renders in Devanagari glyphs, its font loaded only once Hindi is chosen', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (/\.(woff2?|ttf)(\?|$)/.test(request.url())) fontRequests.push(request.url());
  });
  await page.setViewportSize(WIDTHS[0]);
  await page.goto(brandUrl(HOST, '/auth/login'));
  const switcher = page.getByRole('group', { name: 'Language' });
  const hindi = switcher.getByRole('button', { name: 'हिन्दी' });
  await expect(hindi).toBeVisible();
  // In English only the switch's own 4 KB label face is fetched, never the Hindi font.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        const statuses: string[] = [];
        document.fonts.forEach((face) => {
          if (face.family.includes('Backlay Language Label')) statuses.push(face.status);
        });
        return statuses;
      }),
    )
    .toEqual(['loaded']);
  expect(fontRequests.filter((url) => /noto-sans-devanagari/.test(url))).toEqual([]);

  await hindi.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const fontCheck = await page.evaluate(async () => {
    const faces = await document.fonts.load('16px "Noto Sans Devanagari"', 'लॉगिन');
    return {
      loaded: faces.map((face) => face.status),
      check: document.fonts.check('16px "Noto Sans Devanagari"', 'लॉगिन'),
    };
  });
  expect(fontCheck.loaded.length).toBeGreaterThan(0);
  expect(fontCheck.loaded.every((status) => status === 'loaded')).toBe(true);
  expect(fontCheck.check).toBe(true);
  expect(fontRequests.some((url) => /noto-sans-devanagari-devanagari-400/.test(url))).toBe(true);
  // The page's text is drawn with it, not in boxes: the fonts Chromium drew the login button's
  // label with are the web font, for every Devanagari glyph.
  await expect
    .poll(() => fontsDrawing(page, '[data-testid="login-page"] button[type="submit"]'))
    .toEqual(
      expect.arrayContaining([
        expect.objectContaining({ familyName: 'Noto Sans Devanagari', isCustomFont: true }),
      ]),
    );
  await expect(page.getByTestId('login-page')).toContainText('लॉगिन');
  await screenshots(page, 'hindi-login', testInfo);

  await page.getByRole('button', { name: /डेमो/ }).click();
  await expect(page).toHaveURL(/\/matchlist\/3$/);
  await expect(page.getByRole('heading', { level: 1, name: 'क्रिकेट' })).toBeVisible();
  await screenshots(page, 'hindi-cricket', testInfo);
});
