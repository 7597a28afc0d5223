import type { Transaction, TransactionDetail } from '@backlay/contract/wallet';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import AccountStatementPage from './account-statement-page';

/** The id of the n-th movement, newest first. */
const txId = (n: number) => `1a2b3c4d-5e6f-4a7b-8c9d-${String(n).padStart(12, '0')}`;

/** 45 movements, newest first: bets lost and deposits, with the balance after each. */
const MOVEMENTS: Transaction[] = Array.from({ length: 45 }, (_, i) => ({
  id: txId(i + 1),
  time: new Date(Date.UTC(2026, 2, 10, 12, 0) - i * 3_600_000).toISOString(),
  type: i % 2 === 0 ? 'BET' : 'DEPOSIT',
  amount: i % 2 === 0 ? -250 : 1_000,
  balance: 50_000 - i * 10,
  description: i % 2 === 0 ? `Bet on India v Australia #${i + 1}` : `Deposit by UPI #${i + 1}`,
}));

/** Pages of 20 by cursor: the cursor is the last id of the page before. */
function history(request: SeenRequest) {
  const cursor = request.url.searchParams.get('cursor');
  const size = Number(request.url.searchParams.get('MaxResultCount'));
  const start = cursor === null ? 0 : MOVEMENTS.findIndex((m) => m.id === cursor) + 1;
  const items = MOVEMENTS.slice(start, start + size);
  const last = items.at(-1);
  return jsonResponse(
    okEnvelope({
      items,
      nextCursor: start + size < MOVEMENTS.length && last ? last.id : null,
    }),
  );
}

function detailOf(request: SeenRequest) {
  const id = request.url.searchParams.get('id');
  const movement = MOVEMENTS.find((m) => m.id === id);
  if (!movement) throw new Error(`no movement ${id}`);
  const detail: TransactionDetail = {
    ...movement,
    reference: 'bet-77',
    marketName: 'Match Odds',
    eventName: 'India v Australia',
    entries: [
      { account: 'Cash', amount: -250 },
      { account: 'Exposure', amount: 250 },
    ],
    bet: { id: 'bet-77', side: 'LAY', runnerName: 'Australia', price: 2.12, stake: 250 },
    request: null,
  };
  return jsonResponse(okEnvelope(detail));
}

const queries = (seen: SeenRequest[]) =>
  seen
    .filter((r) => r.url.pathname === '/api/Transaction/GetHistory')
    .map((r) => Object.fromEntries(r.url.searchParams));

const rows = () => within(screen.getByTestId('statement')).getAllByRole('row').slice(1);
const click = (name: string) =>
  act(async () => fireEvent.click(screen.getByRole('button', { name })));

beforeEach(() => logInPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the account statement', () => {
  it('shows each movement signed and coloured, with the balance after it', async () => {
    serveApi({ 'Transaction/GetHistory': history });
    renderPage(AccountStatementPage, { path: '/account-cash-statement' });
    await waitFor(() => expect(rows()).toHaveLength(20));
    const [first, second] = rows();
    expect(within(first as HTMLElement).getByText('−250.00').className).toBe('amount--loss');
    expect(within(first as HTMLElement).getByText('50,000.00')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Bet')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('+1,000.00').className).toBe('amount--profit');
    expect(within(second as HTMLElement).getByText('Deposit')).toBeTruthy();
  });

  it('pages by cursor, and back along the cursors it kept', async () => {
    const seen = serveApi({ 'Transaction/GetHistory': history });
    renderPage(AccountStatementPage, { path: '/account-cash-statement' });
    await screen.findByText('Page 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(queries(seen)[0]).toEqual({ MaxResultCount: '20' });

    await click('Next');
    await screen.findByText('Page 2');
    await waitFor(() => expect(rows()[0]?.textContent).toContain('#21'));
    expect(queries(seen).at(-1)).toEqual({ MaxResultCount: '20', cursor: txId(20) });

    await click('Next');
    await screen.findByText('Page 3');
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(queries(seen).at(-1)).toEqual({ MaxResultCount: '20', cursor: txId(40) });
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    await click('Previous');
    await screen.findByText('Page 2');
    await waitFor(() => expect(rows()[0]?.textContent).toContain('#21'));
    await click('Previous');
    await screen.findByText('Page 1');
    await waitFor(() => expect(rows()[0]?.textContent).toContain('#1'));
  });

  it('filters by type and dates, from the newest page again', async () => {
    const seen = serveApi({ 'Transaction/GetHistory': history });
    renderPage(AccountStatementPage, { path: '/account-cash-statement' });
    await screen.findByText('Page 1');
    await click('Next');
    await screen.findByText('Page 2');

    await act(async () =>
      fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'DEPOSIT' } }),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } }),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-10' } }),
    );
    await screen.findByText('Page 1');
    await waitFor(() =>
      expect(queries(seen).at(-1)).toEqual({
        type: 'DEPOSIT',
        from: '2026-03-01',
        to: '2026-03-10',
        MaxResultCount: '20',
      }),
    );
  });

  it('opens a movement’s detail in a dialog, and closes it', async () => {
    const seen = serveApi({ 'Transaction/GetHistory': history, 'Transaction/GetDetail': detailOf });
    renderPage(AccountStatementPage, { path: '/account-cash-statement' });
    await waitFor(() => expect(rows()).toHaveLength(20));

    await click('Bet on India v Australia #1');
    const dialog = screen.getByRole('dialog', { name: 'Bet on India v Australia #1' });
    await within(dialog).findByText('Australia');
    const detailCall = seen.find((r) => r.url.pathname === '/api/Transaction/GetDetail');
    expect(detailCall?.url.searchParams.get('id')).toBe(txId(1));
    expect(within(dialog).getByText('India v Australia')).toBeTruthy();
    expect(within(dialog).getByText('Match Odds')).toBeTruthy();
    expect(within(dialog).getByText('Lay')).toBeTruthy();
    expect(within(dialog).getByText('2.12')).toBeTruthy();
    const entries = within(within(dialog).getByTestId('entries')).getAllByRole('row');
    expect(entries.map((row) => row.textContent)).toEqual([
      'AccountAmount',
      'Cash−250.00',
      'Exposure+250.00',
    ]);

    await click('Close');
    expect(screen.queryByRole('dialog')).toBeNull();

    // A click anywhere on a row opens it too.
    await act(async () => fireEvent.click(rows()[1]?.querySelector('td') as HTMLElement));
    expect(screen.getByRole('dialog', { name: 'Deposit by UPI #2' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
