import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildMarketBook,
  buildMe,
  failure,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer } from '../../../shared/test/serve-admin';
import MarketPage from './market-page';

const BOOK = buildMarketBook();

function serveBook(
  settle: Answer = () =>
    jsonResponse(
      okEnvelope({
        market: { ...BOOK.market, status: 'SETTLED', winnerRunnerId: 11, settledBy: 'operator' },
      }),
    ),
) {
  return serveAdmin({
    'markets/book': () => jsonResponse(okEnvelope(BOOK)),
    'markets/settle': settle,
  });
}

async function openSettle() {
  fireEvent.click(await screen.findByRole('button', { name: 'Settle' }));
  return screen.getByRole('dialog', { name: 'Settle market' });
}

async function confirm(dialog: HTMLElement) {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
  });
}

describe('settling a market', () => {
  it('names the market and asks for a winner and a reason before it calls anything', async () => {
    const seen = serveBook();
    renderPage(MarketPage, { path: '/markets/:marketId', url: '/markets/1.2345' });
    const dialog = await openSettle();
    expect(dialog.textContent).toContain('Mumbai v Chennai');
    expect(dialog.textContent).toContain('Match Odds');

    await confirm(dialog);
    expect(within(dialog).getByText('Choose the winning runner')).toBeTruthy();
    expect(within(dialog).getByText('Say why, in a few words')).toBeTruthy();

    // A winner alone is not enough: the reason is still missing.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Mumbai' }));
    await confirm(dialog);
    expect(within(dialog).getByText('Say why, in a few words')).toBeTruthy();
    expect(seen.filter((call) => call.path === 'markets/settle')).toEqual([]);
  });

  it('settles on the chosen runner with the reason, and closes', async () => {
    const seen = serveBook();
    renderPage(MarketPage, { path: '/markets/:marketId', url: '/markets/1.2345' });
    const dialog = await openSettle();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Chennai' }));
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Official result from the board' },
    });
    await confirm(dialog);

    const settle = seen.filter((call) => call.path === 'markets/settle');
    expect(settle).toHaveLength(1);
    expect(settle[0]?.body).toEqual({
      marketId: '1.2345',
      winnerRunnerId: 12,
      reason: 'Official result from the board',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s CONFLICT message in the dialog when someone settled first', async () => {
    serveBook(() => failure('CONFLICT', 'The market was already settled by priya.trader.', 409));
    renderPage(MarketPage, { path: '/markets/:marketId', url: '/markets/1.2345' });
    const dialog = await openSettle();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Mumbai' }));
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Result in' } });
    await confirm(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The market was already settled by priya.trader.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes with Esc without calling', async () => {
    const seen = serveBook();
    renderPage(MarketPage, { path: '/markets/:marketId', url: '/markets/1.2345' });
    const dialog = await openSettle();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seen.filter((call) => call.path === 'markets/settle')).toEqual([]);
  });

  it('offers no action to an operator who may only read markets', async () => {
    serveBook();
    renderPage(MarketPage, {
      path: '/markets/:marketId',
      url: '/markets/1.2345',
      me: buildMe({ role: 'brand_admin', permissions: ['markets.read'] }),
    });
    await screen.findByRole('table', { name: 'Book' });
    expect(screen.queryByRole('button', { name: 'Settle' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
  });

  it('shows the book as figures and as a chart', async () => {
    serveBook();
    renderPage(MarketPage, { path: '/markets/:marketId', url: '/markets/1.2345' });
    const table = await screen.findByRole('table', { name: 'Book' });
    expect(within(table).getByRole('row', { name: /Mumbai/ }).textContent).toContain('₹25,000.00');
    expect(
      screen.getByRole('img', {
        name: /Players if it wins: Mumbai: ₹25,000.00; Chennai: -₹18,000.00/,
      }),
    ).toBeTruthy();
  });
});
