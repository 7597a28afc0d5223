// Fancy sessions as players read them, end to end: a cricket match's sessions show "No 84 /
// Yes 85" with rates, a Yes bet taken from the row is matched at its run value and rate, and
// the row then offers the player's run position (P&L by final run count), which agrees with
// what the bet pays. Screenshots of the market page with fancy, and of a race card, at a phone
// and a desktop width.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { brandUrl } from './support/brand';
import { screenshots } from './support/console';
import { api, type ListedEvent } from './support/page-api';
import { loginAsDemo } from './support/session';

const HOST = '127.0.0.1';
const CRICKET = 3;
const HORSE_RACING = 26;
const STAKE = 100;

interface ListedMarket {
  id: string;
  name: string;
  type: string;
  status: string;
  line: number | null;
}

async function eventsOf(page: Page, sportId: number): Promise<ListedEvent[]> {
  const listed = await api<ListedEvent[]>(page, 'GET', 'event/GetBySportName', {
    sportId: String(sportId),
  });
  expect(listed.success).toBe(true);
  return listed.result;
}

/** A cricket match with an open fancy session, and the names of its sessions. */
async function matchWithFancy(page: Page): Promise<{ event: ListedEvent; sessions: string[] }> {
  for (const event of await eventsOf(page, CRICKET)) {
    const answer = await api<{ markets: ListedMarket[] }>(page, 'GET', 'Market/GetByEventId', {
      eventId: String(event.id),
    });
    const open = answer.result.markets.filter((m) => m.type === 'FANCY' && m.status === 'OPEN');
    if (open.length > 0) return { event, sessions: [...new Set(open.map((m) => m.name))] };
  }
  throw new Error('no cricket match has an open fancy session');
}

test('a fancy session reads No and Yes with their own run values, and a Yes bet shows its run position', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await loginAsDemo(page, brandUrl(HOST, '/auth/login'));
  const { event, sessions } = await matchWithFancy(page);
  await page.goto(brandUrl(HOST, `/markets/${event.id}/${event.externalId}`));
  const fancy = page.getByRole('region', { name: 'Fancy', exact: true });
  await expect(fancy).toBeVisible();

  type Session = { name: string; no: number; yes: number; rate: number };
  /** A session offering both sides now (a ball may be running on another), as its row reads. */
  const pickSession = async (): Promise<Session> => {
    let taken: Session | null = null;
    await expect
      .poll(
        async () => {
          for (const name of sessions) {
            const row = fancy.getByRole('group', { name, exact: true });
            const no = row.getByRole('button', { name: new RegExp(`^No ${name} \\d+ \\d+$`) });
            const yes = row.getByRole('button', { name: new RegExp(`^Yes ${name} \\d+ \\d+$`) });
            if ((await no.count()) === 0 || (await yes.count()) === 0) continue;
            if (!(await yes.isEnabled())) continue;
            const [noRuns] = (await no.innerText()).split(/\s+/).map(Number);
            const [yesRuns, yesRate] = (await yes.innerText()).split(/\s+/).map(Number);
            if (noRuns === undefined || yesRuns === undefined || yesRate === undefined) continue;
            taken = { name, no: noRuns, yes: yesRuns, rate: yesRate };
            return true;
          }
          return false;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    if (!taken) throw new Error('no fancy session offers both sides');
    return taken;
  };
  let session = await pickSession();
  // Players read two run values: Yes is above No (the value between them is the house's).
  expect(session.yes).toBeGreaterThan(session.no);
  expect(session.rate).toBeGreaterThan(0);
  await screenshots(page, 'market-cricket-fancy', testInfo);

  // In play a session's line moves and a ball suspends it between one look and the next: a
  // bet the server refuses for that (nothing matched at the value shown, or suspended while it
  // waited) is read, closed and asked again at the value the row shows then. Any other refusal
  // fails the test, and so does a fourth refusal in a row. A session that ends meanwhile (its
  // overs bowled) leaves the board: another is taken.
  const slip = page.getByTestId('bet-slip');
  const toast = page.getByTestId('toasts');
  const refused: string[] = [];
  let placed: { runs: number; rate: number } | null = null;
  while (!placed && refused.length < 4) {
    const yesOf = (name: string) =>
      fancy
        .getByRole('group', { name, exact: true })
        .getByRole('button', { name: new RegExp(`^Yes ${name} \\d+ \\d+$`) });
    await expect
      .poll(
        async () => {
          if ((await fancy.getByRole('group', { name: session.name, exact: true }).count()) === 0)
            session = await pickSession();
          const yes = yesOf(session.name);
          return (await yes.count()) > 0 && (await yes.isEnabled());
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    const yes = yesOf(session.name);
    await yes.click();
    await expect(slip).toBeVisible();
    await expect(slip.getByLabel('Rate')).toHaveValue(/^\d+$/);
    const runs = Number((await slip.innerText()).match(/(\d+) runs/)?.[1]);
    expect(runs).toBeGreaterThan(0);
    const rate = Number(await slip.getByLabel('Rate').inputValue());
    await slip.getByRole('textbox', { name: 'Stake' }).fill(String(STAKE));
    await slip.getByRole('button', { name: /^Place bet/ }).click();
    await slip.getByRole('button', { name: 'Confirm bet' }).click();
    const done = toast.getByText(`Yes ${session.name} ${runs}`);
    const failed = slip.getByTestId('bet-slip-error');
    await expect(done.or(failed)).toBeVisible({ timeout: 20_000 });
    if (await done.isVisible()) {
      placed = { runs, rate };
      break;
    }
    const message = await failed.innerText();
    expect(message).toMatch(/No price was available|suspended/);
    refused.push(message);
    await slip.getByRole('button', { name: 'Close bet slip' }).click();
    await expect(slip).toBeHidden();
  }
  expect(placed, `refused every time: ${refused.join(' | ')}`).not.toBeNull();
  if (!placed) return;
  session.yes = placed.runs;
  const rate = placed.rate;
  const row = fancy.getByRole('group', { name: session.name, exact: true });

  // The run position: lose the stake below the value, win stake × rate / 100 from it up.
  const book = row.getByRole('button', { name: /^Run position/ });
  await expect(book).toBeVisible({ timeout: 20_000 });
  await book.click();
  const table = page.getByRole('table', { name: `Run position: ${session.name}` });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(`${session.yes - 1} or fewer`);
  await expect(rows.nth(1)).toContainText(`−${STAKE}.00`);
  await expect(rows.nth(2)).toContainText(`${session.yes} or more`);
  // Matched at the rate asked or better (best execution), so it wins at least stake × rate / 100.
  const won = Number((await rows.nth(2).innerText()).match(/\+([\d,.]+)/)?.[1]?.replace(/,/g, ''));
  expect(won).toBeGreaterThanOrEqual((STAKE * rate) / 100);
  await screenshots(page, 'market-cricket-run-position', testInfo);

  // The Hindi switch translates the market page in place, the player's run position included.
  await page
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: 'हिन्दी' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('region', { name: 'फैंसी', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'मैच ऑड्स', exact: true })).toBeVisible();
  const hindiRow = page
    .getByRole('region', { name: 'फैंसी', exact: true })
    .getByRole('group', { name: session.name, exact: true });
  await expect(hindiRow.getByRole('button', { name: /^रन पोज़िशन/ })).toBeVisible();
  await screenshots(page, 'market-cricket-fancy-hindi', testInfo);
});

test('a race shows as a race card at both widths', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await loginAsDemo(page, brandUrl(HOST, '/auth/login'));
  const race = (await eventsOf(page, HORSE_RACING)).find(
    (e) => (e.matchOdds?.runners.length ?? 0) >= 6,
  );
  expect(race, 'a race with six runners or more').toBeDefined();
  if (!race) return;
  await page.goto(brandUrl(HOST, `/markets/${race.id}/${race.externalId}`));
  await expect(page.getByRole('region', { name: 'Match Odds', exact: true })).toBeVisible();
  await screenshots(page, 'market-horse-racing', testInfo);
});
