// Market states and phone layouts end to end: a suspended market says so over its prices (live,
// as an operator suspends it, and as the feed holds a race before the weigh-in), races are race
// cards, and at a phone and a desktop width nothing floating (support button, bottom bar, bet
// slip, header) ever lies over a price, wherever the page is scrolled.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { ownerApi } from './support/admin';
import { brandUrl, PORT } from './support/brand';
import { screenshots } from './support/console';
import { api, type ListedEvent } from './support/page-api';
import { loginAsDemo } from './support/session';

const HOST = '127.0.0.1';
/** A brand with a light theme. */
const LIGHT_HOST = 'cricbet99.com';
const CRICKET = 3;
const HORSE_RACING = 26;
/** Longer than the first test below looks at a race's card. */
const RACE_STAYS_LISTED_MS = 5 * 60_000;
/** How long the feed may hold a market over wickets in quick succession, or an innings break. */
const FEED_HOLD_MS = 60_000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

interface Geometry {
  /** Price cells lying under something drawn over the page, with what covers them. */
  covered: string[];
  /** Price cells no scroll position shows clear of the header and the bottom bar. */
  unreachable: string[];
  /** How many price cells the page has. */
  prices: number;
  /** What the page draws over itself there (fixed or sticky), by name. */
  overlays: string[];
}

/**
 * Reads the page's geometry where it is scrolled now. Fixed and sticky elements that span the
 * window's width at its top or bottom (the header, the bottom bar) are its edges: a price may
 * pass under them while scrolling, but some scroll position must show it whole between them.
 * Every other one (support button, bet slip, toasts) must lie over no price at all.
 */
function readGeometry(page: Page): Promise<Geometry> {
  return page.evaluate(() => {
    const viewportWidth = document.documentElement.clientWidth;
    const viewportHeight = window.innerHeight;
    const nameOf = (el: Element) =>
      el.getAttribute('aria-label') ??
      el.getAttribute('data-testid') ??
      `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`;
    /** Whether the element is drawn at all, wherever the page is scrolled. */
    const drawn = (el: Element) => {
      for (let at: Element | null = el; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.display === 'none' || style.visibility === 'hidden') return false;
        if (Number(style.opacity) === 0) return false;
      }
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    const inWindow = (rect: DOMRect) =>
      rect.right > 0 && rect.left < viewportWidth && rect.bottom > 0 && rect.top < viewportHeight;
    const overlays = Array.from(document.querySelectorAll('body *')).filter((el) => {
      const position = getComputedStyle(el).position;
      if (position !== 'fixed' && position !== 'sticky') return false;
      // The outermost one only: what it holds moves with it.
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
        const p = getComputedStyle(at).position;
        if (p === 'fixed' || p === 'sticky') return false;
      }
      return drawn(el) && inWindow(el.getBoundingClientRect());
    });
    const isEdge = (rect: DOMRect) =>
      rect.width >= viewportWidth - 1 && (rect.top <= 0 || rect.bottom >= viewportHeight - 1);
    let top = 0;
    let bottom = viewportHeight;
    const floating: { name: string; rect: DOMRect }[] = [];
    for (const el of overlays) {
      const rect = el.getBoundingClientRect();
      if (isEdge(rect) && rect.top <= 0) top = Math.max(top, rect.bottom);
      else if (isEdge(rect)) bottom = Math.min(bottom, rect.top);
      else floating.push({ name: nameOf(el), rect });
    }
    const prices = Array.from(document.querySelectorAll('.price')).filter(drawn);
    const covered: string[] = [];
    const unreachable: string[] = [];
    const scrollMax = document.documentElement.scrollHeight - viewportHeight;
    for (const price of prices) {
      const rect = price.getBoundingClientRect();
      for (const f of floating) {
        const overlapX = Math.min(rect.right, f.rect.right) - Math.max(rect.left, f.rect.left);
        const overlapY = Math.min(rect.bottom, f.rect.bottom) - Math.max(rect.top, f.rect.top);
        if (overlapX > 0.5 && overlapY > 0.5) covered.push(`${nameOf(price)} under ${f.name}`);
      }
      // Scroll positions (from here) that show the cell whole between the edges.
      const fromY = Math.max(rect.bottom - bottom, -window.scrollY);
      const toY = Math.min(rect.top - top, scrollMax - window.scrollY);
      if (fromY > toY + 0.5) unreachable.push(nameOf(price));
    }
    return {
      covered,
      unreachable,
      prices: prices.length,
      overlays: overlays.map(nameOf),
    };
  });
}

/**
 * Scrolls the page from top to bottom in steps of about half a window and checks the geometry
 * at each stop (after the support button's slide); returns how many stops were checked.
 */
async function expectNoPriceHidden(page: Page, where: string): Promise<number> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize() ?? PHONE;
  const stops = new Set<number>([0]);
  for (let y = viewport.height / 2; y < height - viewport.height; y += viewport.height / 2) {
    stops.add(Math.round(y));
  }
  stops.add(Math.max(0, height - viewport.height));
  let checked = 0;
  for (const y of stops) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await page.waitForTimeout(350);
    const geometry = await readGeometry(page);
    expect(geometry.prices, `${where}: prices on the page`).toBeGreaterThan(0);
    expect(geometry.covered, `${where} at ${y} px: prices under floating elements`).toEqual([]);
    expect(geometry.unreachable, `${where} at ${y} px: prices never clear of the edges`).toEqual(
      [],
    );
    checked++;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return checked;
}

/** Events of a sport, as the list page gets them. */
async function eventsOf(page: Page, sportId: number): Promise<ListedEvent[]> {
  const listed = await api<ListedEvent[]>(page, 'GET', 'event/GetBySportName', {
    sportId: String(sportId),
  });
  expect(listed.success).toBe(true);
  return listed.result;
}

const marketHref = (event: ListedEvent) => `/markets/${event.id}/${event.externalId}`;

/** Colour-contrast problems axe finds in the state labels over the prices. */
async function labelContrast(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('.ladder-state__label')
    .withRules(['color-contrast'])
    .analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => n.failureSummary));
}

test('a cricket market and a race keep every price clear of floating things, phone and desktop', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await loginAsDemo(page, brandUrl(HOST, '/auth/login'));
  const cricket = (await eventsOf(page, CRICKET)).filter((e) => e.matchOdds);
  const match = cricket.find((e) => e.status === 'IN_PLAY') ?? cricket[0];
  const races = (await eventsOf(page, HORSE_RACING)).filter(
    (e) => (e.matchOdds?.runners.length ?? 0) >= 6,
  );
  // A race that stays on the list while the test looks at it twice: one starting some minutes
  // from now (a race soon off is run and gone in a minute or two).
  const race =
    races.find((e) => Date.parse(e.openDate) - Date.now() > RACE_STAYS_LISTED_MS) ?? races.at(-1);
  expect(match, 'a cricket event with match odds').toBeDefined();
  expect(race, 'a race with six runners or more').toBeDefined();
  if (!match || !race?.matchOdds) return;

  for (const viewport of [PHONE, DESKTOP]) {
    const at = `${viewport.width} px`;
    await page.setViewportSize(viewport);

    // The phone header: a search button that opens a full-width field, closed by Escape.
    const opener = page.getByRole('button', { name: 'Open event search' });
    const box = page.getByRole('combobox', { name: 'Search events' });
    if (viewport === PHONE) {
      await expect(box).toBeHidden();
      await opener.click();
      await expect(box).toBeFocused();
      const field = await box.boundingBox();
      expect(field?.width ?? 0, 'the search field is wide').toBeGreaterThan(viewport.width * 0.6);
      await page.keyboard.press('Escape');
      await expect(box).toBeHidden();
      await expect(opener).toBeFocused();
    } else {
      await expect(opener).toBeHidden();
      await expect(box).toBeVisible();
    }
    // The logo reads at either width: at least 28 px tall, drawn at its own proportions.
    const logo = await page.locator('.site-header__logo').evaluate((img: HTMLImageElement) => ({
      height: img.getBoundingClientRect().height,
      drawn: img.getBoundingClientRect().width / img.getBoundingClientRect().height,
      natural: img.naturalWidth / img.naturalHeight,
      fit: getComputedStyle(img).objectFit,
    }));
    expect(logo.height, `${at}: logo height`).toBeGreaterThanOrEqual(28);
    if (logo.fit !== 'contain') expect(logo.drawn).toBeCloseTo(logo.natural, 1);

    // The cricket market page.
    await page.goto(brandUrl(HOST, marketHref(match)));
    await expect(page.getByRole('region', { name: 'Match Odds', exact: true })).toBeVisible();
    // On a phone the scorecard is one line above the prices, the whole card a tap away.
    await expect(
      page.getByTestId(viewport === PHONE ? 'scorecard-line' : 'scorecard'),
    ).toBeVisible();
    await page.waitForTimeout(1_000);
    await expectNoPriceHidden(page, `cricket market, ${at}`);
    // The helper draws both widths: once, after both have been checked.
    if (viewport === DESKTOP) await screenshots(page, 'market-states-cricket', testInfo);
    await page.setViewportSize(viewport);

    // The race as a race card on its sport's list: one runner a row, prices beside the name.
    await page.goto(brandUrl(HOST, `/matchlist/${HORSE_RACING}`));
    const card = page.getByRole('list', { name: `${race.title} runners` });
    await expect(card.getByRole('listitem')).toHaveCount(race.matchOdds.runners.length);
    const rows = await card.getByRole('listitem').evaluateAll((items) =>
      items.map((item) => {
        const name = item.querySelector('.race-card__name')?.getBoundingClientRect();
        const cells = Array.from(item.querySelectorAll('.price')).map((c) =>
          c.getBoundingClientRect(),
        );
        return {
          text: item.querySelector('.race-card__name')?.textContent ?? '',
          cells: cells.length,
          // The name ends before the first price; the two prices do not overlap.
          clear:
            !!name &&
            cells.length === 2 &&
            name.right <= (cells[0]?.left ?? 0) &&
            (cells[0]?.right ?? 0) <= (cells[1]?.left ?? 0),
          narrowest: Math.min(...cells.map((c) => c.width)),
        };
      }),
    );
    expect(rows.map((r) => r.text)).toEqual(race.matchOdds.runners.map((r) => r.name));
    for (const row of rows) {
      expect(row, `${at}: ${row.text}`).toMatchObject({ cells: 2, clear: true });
      expect(row.narrowest, `${at}: ${row.text}'s prices are tappable`).toBeGreaterThanOrEqual(44);
    }
    await page.waitForTimeout(500);
    await expectNoPriceHidden(page, `race list, ${at}`);
    if (viewport === DESKTOP) await screenshots(page, 'market-states-race-list', testInfo);
    await page.setViewportSize(viewport);

    // The race's own page.
    await page.goto(brandUrl(HOST, marketHref(race)));
    await expect(page.getByRole('region', { name: 'Match Odds', exact: true })).toBeVisible();
    await page.waitForTimeout(1_000);
    await expectNoPriceHidden(page, `race market, ${at}`);
    if (viewport === DESKTOP) await screenshots(page, 'market-states-race', testInfo);
    await page.setViewportSize(viewport);
  }

  // On a desktop the bet slip stands in a column of its own: not over the scorecard, nor any
  // price, wherever the page is scrolled.
  // An upcoming match: the in-play one is the one the next test suspends, perhaps right now.
  const open = cricket.find((e) => e.status !== 'IN_PLAY') ?? match;
  await page.setViewportSize(DESKTOP);
  await page.goto(brandUrl(HOST, marketHref(open)));
  const prices = page.getByRole('region', { name: 'Match Odds', exact: true }).getByRole('button');
  await expect(prices.first()).toBeEnabled({ timeout: 15_000 });
  await prices.first().click();
  const slip = page.getByRole('dialog', { name: 'Bet slip' });
  await expect(slip).toBeVisible();
  await page.waitForTimeout(500);
  const slipBox = await slip.boundingBox();
  const scoreBox = await page.getByTestId('scorecard').boundingBox();
  const mainBox = await page.locator('main').boundingBox();
  expect(slipBox && scoreBox && mainBox).toBeTruthy();
  if (slipBox && scoreBox && mainBox) {
    expect(scoreBox.x + scoreBox.width, 'the scorecard ends left of the slip').toBeLessThanOrEqual(
      slipBox.x,
    );
    expect(mainBox.x + mainBox.width, 'the page ends left of the slip').toBeLessThanOrEqual(
      slipBox.x,
    );
  }
  await expectNoPriceHidden(page, 'cricket market with the bet slip, 1366 px');
  await screenshots(page, 'market-states-slip', testInfo);
});

test('a suspended market says so over its prices, live as an operator suspends it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await loginAsDemo(page, brandUrl(HOST, '/auth/login'));
  const operator = await ownerApi(`http://127.0.0.1:${PORT}`, `states.${Date.now().toString(36)}`);
  const reason = 'e2e: market states';

  // The feed holds a race suspended from the finish until the weigh-in; when none is held just
  // now, an operator suspends an upcoming one. Its race card says so over the prices.
  const races = await eventsOf(page, HORSE_RACING);
  const held = races.find((e) => e.matchOdds?.status === 'SUSPENDED');
  const race = held ?? races.find((e) => e.status === 'UPCOMING' && e.matchOdds?.status === 'OPEN');
  expect(race?.matchOdds, 'a race held by the feed, or an open one to suspend').toBeTruthy();
  if (!race?.matchOdds) return;
  testInfo.annotations.push({
    type: 'race',
    description: held ? 'held by the feed for the weigh-in' : 'suspended by an operator',
  });
  if (!held) {
    await operator.call('POST', 'markets/suspend', { marketId: race.matchOdds.marketId, reason });
  }
  try {
    await page.goto(brandUrl(HOST, `/matchlist/${HORSE_RACING}`));
    const row = page.locator('li.event-row').filter({
      has: page.getByRole('link', { name: race.title, exact: true }),
    });
    await expect(row.getByRole('status')).toHaveText('Suspended');
    await expect(row.getByRole('list', { name: `${race.title} runners` })).toBeVisible();
    await screenshots(page, 'market-states-race-suspended', testInfo);
    await page.setViewportSize(DESKTOP);
  } finally {
    if (!held) {
      await operator.call('POST', 'markets/resume', { marketId: race.matchOdds.marketId, reason });
    }
  }

  // An in-play cricket match (no other test bets on one), suspended and resumed by an operator
  // while the player watches: the label comes and goes with the pushes, no reload.
  const cricket = (await eventsOf(page, CRICKET)).filter((e) => e.matchOdds?.status === 'OPEN');
  const match = cricket.find((e) => e.status === 'IN_PLAY') ?? cricket.at(-1);
  expect(match?.matchOdds, 'an open cricket match odds market').toBeTruthy();
  if (!match?.matchOdds) return;
  await page.goto(brandUrl(HOST, marketHref(match)));
  const matchOdds = page.getByRole('region', { name: 'Match Odds', exact: true });
  await expect(matchOdds).toBeVisible();
  // A wicket holds match odds for 15 seconds, and two in a few balls hold it longer (seen):
  // the test waits out the feed's own hold before the operator's, and again after it.
  await expect(matchOdds.getByRole('status')).toHaveCount(0, { timeout: FEED_HOLD_MS });

  const marketId = match.matchOdds.marketId;
  await operator.call('POST', 'markets/suspend', { marketId, reason });
  try {
    await expect(matchOdds.getByRole('status')).toHaveText('Suspended');
    await expect(matchOdds).toHaveAttribute('aria-describedby', /.+/);
    // The label is drawn over the price cells, and reads: it is not hidden behind anything.
    const label = matchOdds.getByRole('status');
    await expect(label).toBeVisible();
    const labelBox = await label.boundingBox();
    const cells = await matchOdds
      .locator('.ladder__cell')
      .evaluateAll((all) => all.map((c) => c.getBoundingClientRect().toJSON() as DOMRect));
    const runner = await matchOdds.locator('.ladder__runner-name').first().boundingBox();
    expect(labelBox && runner).toBeTruthy();
    if (labelBox && runner) {
      const left = Math.min(...cells.map((c) => c.left));
      const right = Math.max(...cells.map((c) => c.right));
      expect(labelBox.x).toBeGreaterThanOrEqual(left - 12);
      expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(right + 12);
      // The runners' names stay readable beside it.
      expect(runner.x + runner.width).toBeLessThanOrEqual(labelBox.x);
    }
    await screenshots(page, 'market-states-suspended', testInfo);
    await page.setViewportSize(DESKTOP);

    // The match list says it too, on the event's row.
    await page.goto(brandUrl(HOST, `/matchlist/${CRICKET}`));
    const row = page.locator('li.event-row').filter({
      has: page.getByRole('link', { name: match.title, exact: true }),
    });
    await expect(row.getByRole('status')).toHaveText('Suspended');
    await page.setViewportSize(PHONE);
    await row.scrollIntoViewIfNeeded();
    await screenshots(page, 'market-states-list-suspended', testInfo);

    // It reads on a dark brand and a light one (cricbet99): axe finds no contrast problem in it.
    await page.goto(brandUrl(HOST, marketHref(match)));
    await expect(matchOdds.getByRole('status')).toHaveText('Suspended');
    expect(await labelContrast(page)).toEqual([]);
    const light = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await light.goto(brandUrl(LIGHT_HOST, '/auth/login'));
    await light.getByRole('button', { name: 'Login with demo ID' }).click();
    await expect(light.getByTestId('user-name')).toHaveText('Demo');
    await light.goto(brandUrl(LIGHT_HOST, marketHref(match)));
    await expect
      .poll(() => light.evaluate(() => document.documentElement.dataset.theme))
      .toBe('cricbet99');
    const lightMatchOdds = light.getByRole('region', { name: 'Match Odds', exact: true });
    await expect(lightMatchOdds.getByRole('status')).toHaveText('Suspended');
    expect(await labelContrast(light)).toEqual([]);
    await screenshots(light, 'market-states-suspended-light', testInfo);
  } finally {
    await operator.call('POST', 'markets/resume', { marketId, reason });
  }
  await expect(matchOdds.getByRole('status')).toHaveCount(0, { timeout: FEED_HOLD_MS });
});
