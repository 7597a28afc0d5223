// The studio's four card tables end to end at a phone's width, on a brand that is not
// casino-only: a demo player opens each card game from the casino lobby (Lucky Seven is King's,
// the others Mac's and Dream's), bets on the next round the table's shared timer opens (a round
// may be mid-deal when the page opens), waits for it to be dealt and settled, and sees the
// winner, what the bet returned by the rule table the spot shows, and the balance change by
// exactly that in the game and in the header; the statement names the game. Each table is drawn
// at a laptop's and a phone's width.
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { test } from './support/test';
import { brandUrl } from './support/brand';
import { screenshots } from './support/console';
import { headerBalance } from './support/real-money';

const BRAND = '99exch.com';
/** The chip staked: the smallest a table takes, so a demo balance covers every attempt. */
const STAKE = 10;
/** Rounds tried: a bet refused because the window closed as it was sent is tried again. */
const ATTEMPTS = 3;

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const paise = (amount: number) => Math.round(amount * 100);
/** Paise as the game writes a small amount: `₹10`, `₹19.80`. */
const money = (minor: number) => `₹${minor % 100 === 0 ? minor / 100 : (minor / 100).toFixed(2)}`;

const GAMES = [
  { name: 'Teen Patti Royale', search: 'teen', spot: 'Player A', shot: 'card-game-teen-patti' },
  { name: 'Andar Bahar Express', search: 'andar', spot: 'Bahar', shot: 'card-game-andar-bahar' },
  { name: 'Dragon and Tiger', search: 'dragon', spot: 'Dragon', shot: 'card-game-dragon-tiger' },
  { name: 'Lucky Seven', search: 'lucky', spot: 'Low', shot: 'card-game-lucky-seven' },
] as const;

async function demoLogin(page: Page) {
  await page.goto(brandUrl(BRAND, '/auth/login'));
  await page.getByRole('button', { name: 'Login with demo ID' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Demo');
}

async function openFromLobby(page: Page, name: string, search: string): Promise<FrameLocator> {
  await page.goto(brandUrl(BRAND, '/casino'));
  await page.getByRole('searchbox', { name: 'Search games' }).fill(search);
  const results = page.getByRole('list', { name: `Results for “${search}”` });
  await results.getByRole('button', { name: `Play ${name}` }).click();
  await expect(page).toHaveURL(/\/lobby$/);
  const game = page.frameLocator(`iframe[title="${name}"]`);
  await expect(game.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(game.getByTestId('game-balance')).toHaveText(/^Balance ₹/);
  return game;
}

/** Waits for a betting window with time to bet in it: the one open now, or the next. */
async function nextBettingWindow(game: FrameLocator) {
  const countdown = game.getByTestId('countdown');
  await expect
    .poll(
      async () => {
        const text = (await countdown.textContent({ timeout: 500 }).catch(() => '')) ?? '';
        const seconds = Number(/(\d+) s/.exec(text)?.[1] ?? 0);
        return seconds >= 4;
      },
      { timeout: 90_000, intervals: [250] },
    )
    .toBe(true);
}

/** What a bet on `spot` returns for the round's outcome, by the rule table its spot shows. */
function expectedReturn(spotText: string, stakeMinor: number, outcome: 'won' | 'tie' | 'lost') {
  if (outcome === 'won') {
    const payout = Number(/(\d+\.\d{2})×/.exec(spotText)?.[1]);
    return Math.floor((stakeMinor * Math.round(payout * 100)) / 100);
  }
  if (outcome === 'tie' && spotText.includes('Tie: bet back')) return stakeMinor;
  if (outcome === 'tie' && spotText.includes('Tie: half back')) return Math.floor(stakeMinor / 2);
  return 0;
}

test.use({ viewport: { width: 390, height: 844 } });

for (const card of GAMES) {
  test(`a player plays a round of ${card.name} from the lobby and sees it settled by its rules`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    await demoLogin(page);
    await expect(page.getByTestId('hub-status').first()).toHaveAttribute('data-state', 'connected');
    const game = await openFromLobby(page, card.name, card.search);
    // One thumb at 390 px: nothing runs off the side, and the spots and chips are big.
    const frame = page.frame({ url: /\/games\// });
    expect(
      await frame?.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    const spot = game.getByRole('button', { name: new RegExp(`on ${card.spot},`) });
    await expect(spot).toBeVisible();
    const box = await spot.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(72);
    await game.getByRole('radio', { name: `₹${STAKE}`, exact: true }).click();

    let accepted = false;
    for (let attempt = 1; attempt <= ATTEMPTS && !accepted; attempt++) {
      await nextBettingWindow(game);
      const before = rupees((await game.getByTestId('game-balance').textContent()) ?? '');
      const headerBefore = await headerBalance(page);
      await spot.click();
      // Taken by the wallet: the stake on the spot and out of the balance.
      accepted = await expect(game.getByTestId(/^stake-/).filter({ hasText: `₹${STAKE}` }))
        .toBeVisible({ timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (!accepted) continue;
      await expect
        .poll(async () => rupees((await game.getByTestId('game-balance').textContent()) ?? ''))
        .toBe(before - STAKE);
      // Drawn at both widths while the bet is on the table.
      await screenshots(page, `${card.shot}-betting`, testInfo);

      // Dealt and settled: the winner, and what the bet returned.
      const outcomeLine = game.getByTestId('round-outcome');
      await expect(outcomeLine).toBeVisible({ timeout: 120_000 });
      const winner = (await game.getByTestId('round-phase').textContent()) ?? '';
      const spotText = (await spot.textContent()) ?? '';
      const outcome = winner.startsWith(card.spot)
        ? 'won'
        : winner.includes('tie')
          ? 'tie'
          : 'lost';
      const returned = expectedReturn(spotText, paise(STAKE), outcome);
      await expect(outcomeLine).toHaveAttribute(
        'data-kind',
        returned > paise(STAKE) ? 'won' : returned > 0 ? 'back' : 'lost',
      );
      await expect(
        game.getByText(`${card.spot} ₹${STAKE} → ${money(returned)}`, { exact: true }),
      ).toBeVisible();
      const after = (paise(before) - paise(STAKE) + returned) / 100;
      await expect
        .poll(async () => rupees((await game.getByTestId('game-balance').textContent()) ?? ''))
        .toBe(after);
      await expect
        .poll(() => headerBalance(page), { timeout: 15_000 })
        .toBe((paise(headerBefore) - paise(STAKE) + returned) / 100);
      // The seed is out, with the way to verify the round.
      await expect(game.getByRole('link', { name: 'Verify this round' })).toBeVisible();
      await screenshots(page, `${card.shot}-result`, testInfo);
    }
    expect(accepted).toBe(true);

    // The rules: how a round goes, and each bet's payout and house edge from the rule table.
    await game.getByRole('button', { name: 'How to play' }).click();
    const rules = game.getByRole('dialog');
    await expect(rules.getByRole('heading', { name: `${card.name}: how to play` })).toBeVisible();
    await expect(
      rules
        .getByRole('row')
        .filter({ hasText: card.spot })
        .filter({ hasText: /\d\.\d{2}×/ }),
    ).toContainText(/\d+\.\d{2}%/);
    await screenshots(page, `${card.shot}-rules`, testInfo);
    await rules.getByRole('button', { name: 'Close' }).click();

    // The statement names the game on the round's bet.
    await page.goto(brandUrl(BRAND, '/account-cash-statement'));
    await expect(
      page
        .getByTestId('statement')
        .getByRole('row')
        .filter({ hasText: `Casino bet · ${card.name}` })
        .first(),
    ).toBeVisible();
  });
}
