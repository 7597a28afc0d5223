// An accessibility scan (axe-core, WCAG 2.1 A and AA rules) of the main player pages, signed out
// and as a player, at a phone and a desktop width: no serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { brandUrl } from './support/brand';

const HOST = '99exch.com';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`the main pages have no serious accessibility violations (${viewport.name})`, async ({
    page,
  }) => {
    // Eleven axe scans; the market page's, in play with prices moving, is the slowest.
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    await page.goto(brandUrl(HOST, '/auth/login'));
    await expect(page.getByTestId('login-page')).toBeVisible();
    const found: Record<string, unknown> = { login: await seriousViolations(page) };

    await page.getByRole('button', { name: 'Login with demo ID' }).click();
    await expect(page.getByTestId('user-name')).toHaveText('Demo');
    for (const [name, path] of [
      ['home', '/index'],
      ['in-play', '/inplay'],
      ['cricket', '/matchlist/3'],
      ['open bets', '/open-bets'],
      ['bet history', '/bet-history'],
      ['statement', '/account-cash-statement'],
      ['rules', '/rules'],
      ['stake buttons', '/change-button-values'],
    ] as const) {
      await page.goto(brandUrl(HOST, path));
      await expect(page.getByTestId('user-name')).toBeVisible();
      // The page's data in place, not its loading state.
      await page.waitForTimeout(1_000);
      found[name] = await seriousViolations(page);
    }
    // A market page, reached from the cricket list.
    await page.goto(brandUrl(HOST, '/matchlist/3'));
    const event = page.locator('a[href^="/markets/"]').first();
    if (await event.count()) {
      await event.click();
      await page.waitForTimeout(1_000);
      found.market = await seriousViolations(page);
    }
    const failing = Object.fromEntries(
      Object.entries(found).filter(([, v]) => Array.isArray(v) && v.length > 0),
    );
    expect(failing).toEqual({});
  });
}
