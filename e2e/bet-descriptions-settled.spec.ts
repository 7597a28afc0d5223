// A fancy No bet and a bookmaker bet read as they were placed once their markets are settled:
// a player takes No on a cricket session and backs a side of the bookmaker market through the
// market page's bet slip, an operator settles both markets by hand (as the console's Settle
// does, through its calls: the feed would take minutes), and the player's profit and loss and
// statement name each bet as the market showed it (No and its run value and rate for the
// session, the whole-number rate for the bookmaker), with the session's result in runs, at a
// phone's width and a laptop's.
//
// The expected words are written out here, as the shared bet description's own tests write
// them ("No", "77 runs", "rate 102"; packages/contract/src/bet-description.test.ts), and the
// figures are the ones the market page's buttons showed: a formatter that drifts fails here.
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test';
import { ownerApi, type OperatorApi } from './support/admin';
import { brandUrl } from './support/brand';
import { ORIGIN, screenshots } from './support/console';
import { api, type ListedEvent } from './support/page-api';
import { loginAsDemo } from './support/session';

const HOST = '127.0.0.1';
const CRICKET = 3;
const STAKE = 100;
/** How often a bet is tried before the test gives up: live prices move under the pointer. */
const TRIES = 6;
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
  runners: { id: number; name: string }[];
}

/** A bet of the player's, as the open bets call answers it (the fields read here). */
interface OpenBet {
  marketId: string;
  marketType: string;
  runnerId: number;
  runnerName: string;
  side: 'BACK' | 'LAY';
  line: number | null;
  /** The price asked, in decimal odds (a rate of 178 is 2.78). */
  price: number;
  matchedStake: number;
  averagePrice: number | null;
}

/** A bet as the player took it from a price button: what the button showed. */
interface Taken {
  /** The fancy session's name, or the bookmaker runner's. */
  name: string;
  /** The fancy session's run value; 0 for the bookmaker. */
  runs: number;
  /** The whole-number rate the button showed. */
  rate: number;
}

/** A price button on offer now, and what it shows; null when none is. */
type FindOffer = () => Promise<{ button: Locator; taken: Taken } | null>;

/** What a price button's accessible name shows, or null for another button. */
type ReadOffer = (name: string) => { taken: Taken; button: Locator } | null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What `find` finds, asked again until it finds something (30 seconds at most). */
async function found<T>(find: () => Promise<T | null>, message: string): Promise<T> {
  const last: { found: T | null } = { found: null };
  await expect
    .poll(async () => (last.found = await find()) !== null, { timeout: 30_000, message })
    .toBe(true);
  if (last.found === null) throw new Error(`not found: ${message}`);
  return last.found;
}

/** A cricket match whose fancy sessions and bookmaker market both take bets now. */
function matchWithFancyAndBookmaker(page: Page): Promise<ListedEvent> {
  return found(async () => {
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
      const open = (type: string) =>
        result.markets.some((m) => m.type === type && m.status === 'OPEN');
      if (open('FANCY') && open('BOOKMAKER')) return event;
    }
    return null;
  }, 'a cricket match with open fancy and bookmaker markets');
}

/**
 * Of the enabled `buttons`, the one whose accessible name `read` reads, the first of those
 * `rank` ranks highest. The names are read at one instant: live prices redraw the buttons, so
 * the one chosen is then found by its name (what `read` returns), never by its place.
 */
async function bestOnOffer(
  buttons: Locator,
  read: ReadOffer,
  rank: (taken: Taken) => number = () => 0,
): Promise<{ button: Locator; taken: Taken } | null> {
  const names = await buttons.evaluateAll((elements) =>
    elements
      .filter((element) => !(element as HTMLButtonElement).disabled)
      .map((element) => element.getAttribute('aria-label') ?? ''),
  );
  let best: { button: Locator; taken: Taken } | null = null;
  for (const name of names) {
    const offer = read(name);
    if (offer && (!best || rank(offer.taken) > rank(best.taken))) best = offer;
  }
  return best;
}

/**
 * How far off a session's end is: its overs ("20 Over Runs MUM" ends last), others (a wicket,
 * an opener's runs) first. The feed settles every value of a session once it ends, which would
 * bracket the session's result anew; a long one is least likely to end during the test.
 */
const sessionLength = ({ name }: Taken) => Number(/^(\d+) Over Runs /.exec(name)?.[1] ?? 0);

/**
 * Takes the bet a price button offers through the bet slip: the slip must read it as `reads`
 * says, then it is placed for ₹100 and confirmed. In play a quoted price moves or a ball
 * suspends it between one look and the next: a bet refused for that is closed and taken again
 * from the button `pick` finds then; any other refusal fails the test, and so does a sixth
 * miss in a row.
 */
async function takeFromSlip(
  page: Page,
  pick: FindOffer,
  reads: (taken: Taken) => { side: string; selection: string; choice: string },
): Promise<Taken> {
  const slip = page.getByTestId('bet-slip');
  const toasts = page.getByTestId('toasts');
  const refused: string[] = [];
  while (refused.length < TRIES) {
    const { button, taken } = await found(pick, 'a price on offer');
    // Gone in the moment since it was read (the line moved, a ball suspended it): look again.
    if (!(await clicked(button))) {
      refused.push('gone before it was taken');
      continue;
    }
    await expect(slip).toBeVisible();
    const expected = reads(taken);
    // The slip reads the bet as the button showed it: its side, what it is on, the rate. A
    // price redrawn between its reading and the click (the same button, a new rate) opens the
    // slip at the new one: that is looked at again, and a slip that never reads as its button
    // did fails the test after its last try.
    const slipRead = [
      await slip.locator('.bet-slip__side').textContent(),
      await slip.locator('.bet-slip__runner').textContent(),
      `rate ${await slip.getByLabel('Rate').inputValue()}`,
    ].join(' · ');
    const buttonRead = `${expected.side} · ${expected.selection} · rate ${taken.rate}`;
    if (slipRead !== buttonRead) {
      refused.push(`the slip read "${slipRead}" for a button reading "${buttonRead}"`);
      await slip.getByRole('button', { name: 'Close bet slip' }).click();
      await expect(slip).toBeHidden();
      continue;
    }
    await slip.getByRole('textbox', { name: 'Stake' }).fill(String(STAKE));
    await slip.getByRole('button', { name: /^Place bet/ }).click();
    await expect(slip.locator('.bet-slip__summary')).toContainText(
      `${expected.choice} at rate ${taken.rate} for ₹${STAKE}.00.`,
    );
    await slip.getByRole('button', { name: 'Confirm bet' }).click();
    const choice = escapeRegExp(expected.choice);
    const matched = toasts.getByText(new RegExp(`^Bet matched: ${choice} ₹${STAKE}\\.00 `));
    const missed = toasts.getByText(new RegExp(`^Bet not matched: ${choice} `));
    const failed = slip.getByTestId('bet-slip-error');
    // An in-play bet waits out the market's bet delay before its answer.
    await expect(matched.or(missed).or(failed).first()).toBeVisible({ timeout: 20_000 });
    if (await matched.isVisible()) return taken;
    if (await failed.isVisible()) {
      const message = await failed.innerText();
      expect(message).toMatch(/No price was available|suspended/);
      refused.push(message);
      await slip.getByRole('button', { name: 'Close bet slip' }).click();
    } else {
      refused.push('not matched');
    }
    await expect(slip).toBeHidden();
  }
  throw new Error(`refused every time: ${refused.join(' | ')}`);
}

/** Clicks a button that may go at any moment; whether it was there to click. */
async function clicked(button: Locator): Promise<boolean> {
  try {
    await button.click({ timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

/** The operator's settlement of a market on a runner, as the console's Settle makes it. */
async function settle(operator: OperatorApi, marketId: string, winnerRunnerId: number) {
  await operator.call('POST', 'markets/settle', {
    marketId,
    winnerRunnerId,
    reason: 'result confirmed by the scorer',
  });
}

/** A market's runner by name. */
function runnerOf(market: ListedMarket, name: string): number {
  const runner = market.runners.find((r) => r.name === name);
  if (!runner) throw new Error(`${market.name} has no runner ${name}`);
  return runner.id;
}

/** A money amount as the pages sign it: +178.00, −102.00. */
const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${Math.abs(amount).toFixed(2)}`;

test('a fancy No bet and a bookmaker bet read as placed in profit and loss and the statement once settled', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize(WIDTHS[1]);
  await loginAsDemo(page, brandUrl(HOST, '/auth/login'));
  const event = await matchWithFancyAndBookmaker(page);
  await page.goto(brandUrl(HOST, `/markets/${event.id}/${event.externalId}`));
  const fancy = page.getByRole('region', { name: 'Fancy', exact: true });
  const bookmaker = page.getByRole('region', { name: 'Bookmaker', exact: true });
  await expect(fancy).toBeVisible();
  await expect(bookmaker).toBeVisible();

  // No on a session, at the run value and rate its No button shows ("No … 77 102").
  const noOffer = /^No (.+) (\d+) (\d+)$/;
  const fancyBet = await takeFromSlip(
    page,
    () =>
      bestOnOffer(
        fancy.getByRole('button', { name: noOffer }),
        (name) => {
          const [, session, runs, rate] = noOffer.exec(name) ?? [];
          if (!session) return null;
          return {
            taken: { name: session, runs: Number(runs), rate: Number(rate) },
            button: fancy.getByRole('button', { name, exact: true }),
          };
        },
        sessionLength,
      ),
    ({ name, runs }) => ({ side: 'No', selection: `${runs} runs`, choice: `No ${name} ${runs}` }),
  );

  // The session's next run value, its Yes side as the No was taken (a session lists only the
  // values quoted now): settled too, it brackets the session's result, which then reads in runs.
  const quoted = await api<{ markets: ListedMarket[] }>(page, 'GET', 'Market/GetByEventId', {
    eventId: String(event.id),
  });
  const nextValue = quoted.result.markets.find(
    (m) =>
      m.type === 'FANCY' &&
      m.name === fancyBet.name &&
      m.line === fancyBet.runs + 0.5 &&
      m.status !== 'SETTLED',
  );

  // Back a side of the bookmaker market, at the whole-number rate its button shows ("178").
  const backOffer = /^Back (.+) \(Bookmaker\) (\d+) /;
  const bookmakerBet = await takeFromSlip(
    page,
    () =>
      bestOnOffer(bookmaker.locator('button.price--best'), (name) => {
        const [shown, runner, rate] = backOffer.exec(name) ?? [];
        if (!shown || !runner) return null;
        return {
          taken: { name: runner, runs: 0, rate: Number(rate) },
          // By its price, whatever the size on offer has become since.
          button: bookmaker
            .getByRole('button', { name: new RegExp(`^${escapeRegExp(shown)}`) })
            .first(),
        };
      }),
    ({ name }) => ({ side: 'Back', selection: name, choice: `Back ${name}` }),
  );

  // The bets as matched: whole, at the rate asked or better (best execution).
  const open = await api<{ openBets: OpenBet[] }>(page, 'GET', 'Bet/GetUserOpenBets');
  const fancyOpen = open.result.openBets.find((b) => b.marketType === 'FANCY');
  const bookmakerOpen = open.result.openBets.find((b) => b.marketType === 'BOOKMAKER');
  if (!fancyOpen || !bookmakerOpen) throw new Error('the bets are not open');
  // A No is a lay of the session's Yes at its run value (line V - 0.5).
  expect(fancyOpen).toMatchObject({ side: 'LAY', line: fancyBet.runs - 0.5, runnerName: 'Yes' });
  expect(bookmakerOpen).toMatchObject({ side: 'BACK', runnerName: bookmakerBet.name });
  // The rates shown are what a hundred rupees wins at the decimal odds kept underneath.
  expect(Math.round((fancyOpen.price - 1) * 100)).toBe(fancyBet.rate);
  expect(Math.round((bookmakerOpen.price - 1) * 100)).toBe(bookmakerBet.rate);
  expect(fancyOpen.matchedStake).toBe(STAKE);
  expect(bookmakerOpen.matchedStake).toBe(STAKE);
  const fancyLoss = signed(-STAKE * ((fancyOpen.averagePrice ?? 1) - 1));
  /** The whole-number rate a bet matched at, as rate markets show it. */
  const matchedRate = (bet: OpenBet) => Math.round(((bet.averagePrice ?? 1) - 1) * 100);
  const bookmakerWin = signed(STAKE * ((bookmakerOpen.averagePrice ?? 1) - 1));

  // The session ends on exactly its run value: Yes wins at it (the No loses) and No at the
  // next; the bookmaker side the player backed wins.
  const operator = await ownerApi(ORIGIN, `settler.${Date.now().toString(36)}`);
  await settle(operator, fancyOpen.marketId, fancyOpen.runnerId);
  if (nextValue) await settle(operator, nextValue.id, runnerOf(nextValue, 'No'));
  await settle(operator, bookmakerOpen.marketId, bookmakerOpen.runnerId);
  // The session's result in runs: exactly its value, both values settled; from its own value
  // alone, a bound. Should the session end meanwhile, the feed settles its other values on the
  // real count, and the bet's own answer says what is known then: the page must read that.
  const history = await api<{ items: (OpenBet & { resultRuns: number | null })[] }>(
    page,
    'POST',
    'Bet/GetUserBetHistory',
    { status: 'SETTLED' },
  );
  const settledFancy = history.result.items.find((b) => b.marketId === fancyOpen.marketId);
  if (!settledFancy) throw new Error('the fancy bet is not settled');
  // A session still quoted after that answer had not ended before it: then the answer is the
  // operator's result alone, exactly the run value when both values were settled.
  const after = await api<{ markets: ListedMarket[] }>(page, 'GET', 'Market/GetByEventId', {
    eventId: String(event.id),
  });
  const live = after.result.markets.some(
    (m) => m.type === 'FANCY' && m.name === fancyBet.name && m.status !== 'SETTLED',
  );
  if (live) expect(settledFancy.resultRuns).toBe(nextValue ? fancyBet.runs : null);
  const sessionResult =
    settledFancy.resultRuns === null
      ? `${fancyBet.runs} or more runs`
      : `${settledFancy.resultRuns} runs`;
  const session = `${fancyBet.name} · ${fancyBet.runs} runs`;

  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    // The screenshots helper draws both widths at once: taken on the last pass.
    const shoot = size === WIDTHS[1];

    // Profit and loss, a line a market: the session named with its run value and its result
    // in runs, the bookmaker market with the side that won.
    await page.goto(brandUrl(HOST, '/ProfitLoss'));
    const pnl = page.getByTestId('profit-loss');
    const fancyLine = pnl.locator('.pnl-row').filter({ hasText: session });
    const bookmakerLine = pnl.locator('.pnl-row').filter({ hasText: 'Bookmaker' });
    await expect(fancyLine).toHaveCount(1);
    await expect(fancyLine.locator('.history__event')).toHaveText(event.title);
    await expect(fancyLine.locator('.history__market')).toHaveText(session);
    await expect(fancyLine.locator('.pnl-row__result')).toHaveText(sessionResult);
    await expect(fancyLine.locator('.pnl-row__pl')).toHaveText(fancyLoss);
    await expect(bookmakerLine).toHaveCount(1);
    await expect(bookmakerLine.locator('.pnl-row__result')).toHaveText(bookmakerBet.name);
    await expect(bookmakerLine.locator('.pnl-row__pl')).toHaveText(bookmakerWin);
    // Under each market, its bet as it was placed: side, run value and rate (at the rate it
    // matched), the stake and its own result.
    await expect(fancyLine.getByTestId('profit-loss-bet')).toHaveText(
      `No ${fancyBet.runs} runs · rate ${matchedRate(fancyOpen)} · ${STAKE}.00 · ${fancyLoss}`,
    );
    await expect(bookmakerLine.getByTestId('profit-loss-bet')).toHaveText(
      `Back ${bookmakerBet.name} · rate ${matchedRate(bookmakerOpen)} · ${STAKE}.00 · ${bookmakerWin}`,
    );
    if (shoot) await screenshots(page, 'profit-loss-settled-fancy-bookmaker', testInfo);

    // The statement, a line a settled market naming its event and market; the line's detail
    // lists the bet as it was placed.
    await page.goto(brandUrl(HOST, '/account-cash-statement'));
    const statement = page.getByTestId('statement');
    const lost = statement.locator('.statement-row').filter({ hasText: session });
    const won = statement.locator('.statement-row').filter({ hasText: 'Bookmaker' });
    await expect(lost).toHaveCount(1);
    await expect(lost.locator('.statement-row__open')).toHaveText('Market settled: lost');
    await expect(lost.locator('.statement-row__market')).toHaveText(`${event.title} · ${session}`);
    await expect(won).toHaveCount(1);
    await expect(won.locator('.statement-row__open')).toHaveText('Market settled: won');
    await expect(won.locator('.statement-row__market')).toHaveText(`${event.title} · Bookmaker`);
    if (shoot) await screenshots(page, 'statement-settled-fancy-bookmaker', testInfo);

    const detail = page.getByRole('dialog');
    const betLine = detail
      .locator('dt', { hasText: /^Bet$/ })
      .locator('xpath=following-sibling::dd');
    await lost.locator('.statement-row__open').click();
    await expect(betLine).toHaveText(
      `No ${fancyBet.runs} runs · rate ${fancyBet.rate} · ${STAKE}.00`,
    );
    await expect(detail).toContainText(session);
    if (shoot) await screenshots(page, 'statement-detail-settled-fancy', testInfo);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await won.locator('.statement-row__open').click();
    await expect(betLine).toHaveText(
      `Back ${bookmakerBet.name} · rate ${bookmakerBet.rate} · ${STAKE}.00`,
    );
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
  }
});
