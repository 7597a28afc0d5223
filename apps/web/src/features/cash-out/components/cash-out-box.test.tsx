import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { CASH_OUT_REFUSALS } from '@backlay/contract/cash-out';
import {
  buildCashOutAnswer,
  buildQuote,
  notOffered,
  offered,
} from '../../../shared/test/cash-out-fixtures';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi } from '../../../shared/test/render-page';
import {
  buildBet,
  buildExpectedProfitLoss,
  buildOpenBets,
  buildMarket,
  logInPlayer,
} from '../../../shared/test/sports-fixtures';
import { toastStore } from '../../../shared/toasts/toast-store';
import { cashOutMarkets } from '../model/cash-out-offer';
import { CashOutBox } from './cash-out-box';

/*
 * The cash out block on its own, in the player's language; the market page's tests follow it
 * through every answer the server can give.
 */

/** Backed India for ₹1,000 at 2.50 on the match odds. */
const [MARKET] = cashOutMarkets(
  [buildBet({ id: 1, price: 2.5, averagePrice: 2.5 })],
  [buildMarket({ id: '1.101' })],
);

function Box() {
  if (!MARKET) throw new Error('no market to cash out');
  return <CashOutBox market={MARKET} prices={undefined} active />;
}

/** The same market once the cash out's hedge (back Australia) is among the open bets. */
const [HEDGED] = cashOutMarkets(
  [
    buildBet({ id: 1, price: 2.5, averagePrice: 2.5 }),
    buildBet({ id: 2, runnerId: 2, runnerName: 'Australia', price: 2.16, averagePrice: 2.16 }),
  ],
  [buildMarket({ id: '1.101' })],
);

/** The box as the market page holds it: its market follows the open bets read again. */
function HedgedBox() {
  const [market, setMarket] = useState(MARKET);
  if (!market || !HEDGED) throw new Error('no market to cash out');
  return (
    <>
      <button type="button" onClick={() => setMarket(HEDGED)}>
        Hedge arrives
      </button>
      <CashOutBox market={market} prices={undefined} active />
    </>
  );
}

function serve() {
  serveApi({
    'Bet/CashOutQuote': () => jsonResponse(okEnvelope(offered())),
    'Bet/CashOut': () => jsonResponse(okEnvelope(buildCashOutAnswer())),
    'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets([]))),
    'Bet/GetUserExpectedProfitLoss': () =>
      jsonResponse(okEnvelope(buildExpectedProfitLoss('1.101', { 1: 342.59, 2: 342.6 }))),
  });
}

const toasts = () => toastStore.getState().toasts.map((t) => t.message);

beforeEach(() => {
  logInPlayer();
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});
afterEach(() => vi.unstubAllGlobals());

describe('the cash out block', () => {
  it('offers the amount and confirms it', async () => {
    serve();
    renderPage(Box, { path: '/' });
    const box = await screen.findByRole('region', { name: 'Cash out: Match Odds' });
    expect(within(box).getByRole('heading', { level: 3 }).textContent).toBe('Cash out Match Odds');
    fireEvent.click(await within(box).findByRole('button', { name: 'Cash out +₹342.59' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cash out 100% of Match Odds' });
    expect(within(dialog).getByTestId('cash-out-summary').textContent).toBe(
      'Whoever wins, this locks in +₹342.59.',
    );
    expect(within(dialog).getByRole('listitem').textContent).toBe(
      'Back Australia ₹1,157.41 at 2.16',
    );
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cash out' })),
    );
    await screen.findByText('Cashed out 100% of Match Odds: +₹342.59 locked in.');
  });

  it('goes once all of it is cashed out, leaving no banner saying there is nothing left', async () => {
    let cashedOut = false;
    serveApi({
      'Bet/CashOutQuote': () =>
        jsonResponse(
          okEnvelope(
            cashedOut ? notOffered('ALREADY_LEVEL', CASH_OUT_REFUSALS.ALREADY_LEVEL) : offered(),
          ),
        ),
      'Bet/CashOut': () => {
        cashedOut = true;
        return jsonResponse(okEnvelope(buildCashOutAnswer()));
      },
      'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets([]))),
      'Bet/GetUserExpectedProfitLoss': () =>
        jsonResponse(okEnvelope(buildExpectedProfitLoss('1.101', { 1: 342.59, 2: 342.6 }))),
    });
    renderPage(HedgedBox, { path: '/' });
    const box = await screen.findByRole('region', { name: 'Cash out: Match Odds' });
    fireEvent.click(await within(box).findByRole('button', { name: 'Cash out +₹342.59' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cash out 100% of Match Odds' });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cash out' })),
    );
    await screen.findByText('Cashed out 100% of Match Odds: +₹342.59 locked in.');
    // The open bets are read again with the hedge: the position changed, so it is quoted again.
    fireEvent.click(screen.getByRole('button', { name: 'Hedge arrives' }));
    await vi.waitFor(
      () => expect(screen.queryByRole('region', { name: 'Cash out: Match Odds' })).toBeNull(),
      { timeout: 5_000 },
    );
    expect(screen.queryByText(CASH_OUT_REFUSALS.ALREADY_LEVEL)).toBeNull();
  });

  it('reads in Hindi, from the offer to the toast of what was locked in', async () => {
    serve();
    await act(() => chooseLanguage('hi'));
    renderPage(Box, { path: '/' });

    const box = await screen.findByRole('region', { name: 'कैश आउट: Match Odds' });
    expect(within(box).getByRole('heading', { level: 3 }).textContent).toBe('कैश आउट Match Odds');
    expect(
      within(box).getByRole('group', { name: 'Match Odds का कितना हिस्सा कैश आउट करना है' }),
    ).toBeTruthy();
    fireEvent.click(await within(box).findByRole('button', { name: 'कैश आउट +₹342.59' }));

    const dialog = await screen.findByRole('dialog', { name: 'Match Odds का 100% कैश आउट करें' });
    expect(within(dialog).getByTestId('cash-out-summary').textContent).toBe(
      'कोई भी जीते, इससे +₹342.59 पक्का हो जाता है।',
    );
    expect(within(dialog).getByRole('table').querySelector('caption')?.textContent).toBe(
      'हर रनर के जीतने पर आपका प्रॉफ़िट या लॉस',
    );
    expect(within(dialog).getByRole('listitem').textContent).toBe(
      'बैक Australia ₹1,157.41, 2.16 पर',
    );
    expect(within(dialog).getByRole('button', { name: 'अभी नहीं' })).toBeTruthy();
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'कैश आउट कन्फ़र्म करें' })),
    );
    await screen.findByText('Match Odds का 100% कैश आउट हो गया: +₹342.59 पक्का हो गया।');
    expect(toasts()).toEqual(['Match Odds का 100% कैश आउट हो गया: +₹342.59 पक्का हो गया।']);
  });

  it('offers a share in Hindi with what the rest of the bets do', async () => {
    serveApi({
      'Bet/CashOutQuote': () =>
        jsonResponse(okEnvelope(offered(buildQuote({ fraction: 0.5, guaranteed: 171.3 })))),
    });
    await act(() => chooseLanguage('hi'));
    renderPage(Box, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'कैश आउट +₹171.30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match Odds का 50% कैश आउट करें' });
    expect(within(dialog).getByTestId('cash-out-summary').textContent).toBe(
      'कोई भी जीते, जितना हिस्सा आप कैश आउट करते हैं उससे +₹171.30 पक्का हो जाता है; आपकी बाक़ी बेट जैसी हैं वैसी रहती हैं।',
    );
  });
});
