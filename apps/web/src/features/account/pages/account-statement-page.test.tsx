import type { Transaction, TransactionDetail, TransactionMarket } from '@backlay/contract/wallet';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import {
  buildBookmakerBet,
  buildFancyNoBet,
  logInPlayer,
} from '../../../shared/test/sports-fixtures';
import { STATEMENT_HOLDS_KEY } from '../model/statement-holds';
import AccountStatementPage from './account-statement-page';

/** The id of the n-th movement, newest first. */
const txId = (n: number) => `1a2b3c4d-5e6f-4a7b-8c9d-${String(n).padStart(12, '0')}`;

/** The fancy session the settled lines are on: 6 Over Runs MI at 77 runs (line 76.5). */
const SESSION: TransactionMarket = {
  id: '1.201',
  name: '6 Over Runs MI',
  type: 'FANCY',
  line: 76.5,
  eventId: 101,
  eventExternalId: 'sim-3-000001',
  eventName: 'India v Australia',
};

/** 45 movements, newest first: sessions lost and deposits, with the balance after each. */
const MOVEMENTS: Transaction[] = Array.from({ length: 45 }, (_, i) => ({
  id: txId(i + 1),
  time: new Date(Date.UTC(2026, 2, 10, 12, 0) - i * 3_600_000).toISOString(),
  type: i % 2 === 0 ? 'SETTLEMENT' : 'DEPOSIT',
  amount: i % 2 === 0 ? -250 : 1_000,
  balance: 50_000 - i * 10,
  exposure: i % 2 === 0 ? -250 : 0,
  available: 50_000 - i * 10,
  description: i % 2 === 0 ? `Market settled: lost #${i + 1}` : `Deposit by UPI #${i + 1}`,
  market: i % 2 === 0 ? SESSION : null,
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
    reference: SESSION.id,
    marketName: SESSION.name,
    eventName: SESSION.eventName,
    entries: [
      { account: 'Exposure', amount: -250 },
      { account: 'House', amount: 250 },
    ],
    bets: [buildFancyNoBet(), buildBookmakerBet()],
    request: null,
  };
  return jsonResponse(okEnvelope(detail));
}

const queries = (seen: SeenRequest[]) =>
  seen
    .filter((r) => r.url.pathname === '/api/Transaction/GetHistory')
    .map((r) => Object.fromEntries(r.url.searchParams));

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

/** A shown amount back as a number: "−1,000.00" is -1000. */
function parseMoney(text: string | null | undefined): number {
  return Number((text ?? '').replace(/,/g, '').replace('−', '-').replace('+', ''));
}

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
    expect(within(first as HTMLElement).getByText('Settlement')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('+1,000.00').className).toBe('amount--profit');
    expect(within(second as HTMLElement).getByText('Deposit')).toBeTruthy();
  });

  it('pages by cursor, and back along the cursors it kept', async () => {
    const seen = serveApi({ 'Transaction/GetHistory': history });
    renderPage(AccountStatementPage, { path: '/account-cash-statement' });
    await screen.findByText('Page 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(queries(seen)[0]).toEqual({ holds: 'HIDE', MaxResultCount: '20' });

    await click('Next');
    await screen.findByText('Page 2');
    await waitFor(() => expect(rows()[0]?.textContent).toContain('#21'));
    expect(queries(seen).at(-1)).toEqual({
      holds: 'HIDE',
      MaxResultCount: '20',
      cursor: txId(20),
    });

    await click('Next');
    await screen.findByText('Page 3');
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(queries(seen).at(-1)).toEqual({
      holds: 'HIDE',
      MaxResultCount: '20',
      cursor: txId(40),
    });
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
        holds: 'HIDE',
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

    await click('Market settled: lost #1');
    const dialog = screen.getByRole('dialog', { name: 'Market settled: lost #1' });
    await within(dialog).findByText('India v Australia');
    const detailCall = seen.find((r) => r.url.pathname === '/api/Transaction/GetDetail');
    expect(detailCall?.url.searchParams.get('id')).toBe(txId(1));
    // The market as it was bet on: the session with its run value.
    expect(within(dialog).getByText('6 Over Runs MI · 77 runs')).toBeTruthy();
    // A fancy No reads with its runs and rate, a bookmaker lay with its whole-number rate.
    const bets = within(dialog)
      .getAllByText('Bet')
      .map((label) => label.nextElementSibling?.textContent);
    expect(bets).toEqual(['No 77 runs · rate 102 · 100.00', 'Lay India · rate 178 · 100.00']);
    const entries = within(within(dialog).getByTestId('entries')).getAllByRole('row');
    expect(entries.map((row) => row.textContent)).toEqual([
      'AccountAmount',
      'Exposure−250.00',
      'House+250.00',
    ]);

    await click('Close');
    expect(screen.queryByRole('dialog')).toBeNull();

    // A click anywhere on a row opens it too.
    await act(async () => fireEvent.click(rows()[1]?.querySelector('td') as HTMLElement));
    expect(screen.getByRole('dialog', { name: 'Deposit by UPI #2' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names the event and market of a bet’s line, linking to its market page', async () => {
    serveApi({ 'Transaction/GetHistory': history });
    renderPage(AccountStatementPage, { path: '/account-cash-statement' });
    await waitFor(() => expect(rows()).toHaveLength(20));
    const [first, second] = rows();
    const link = within(first as HTMLElement).getByRole('link', {
      name: 'India v Australia · 6 Over Runs MI · 77 runs',
    });
    expect(link.getAttribute('href')).toContain('sim-3-000001');
    // A deposit is on no market.
    expect(within(second as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('folds holds away by default, and shows them when asked, remembering it on the device', async () => {
    const hold: Transaction = {
      ...must(MOVEMENTS[0]),
      id: txId(99),
      type: 'BET',
      amount: 0,
      exposure: 250,
      available: 49_750,
      description: 'Held for a bet',
    };
    const seen = serveApi({
      'Transaction/GetHistory': (request) =>
        request.url.searchParams.get('holds') === 'SHOW'
          ? jsonResponse(okEnvelope({ items: [hold, ...MOVEMENTS.slice(0, 3)], nextCursor: null }))
          : history(request),
    });
    renderPage(AccountStatementPage, { path: '/account-cash-statement' });
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(queries(seen).at(-1)?.holds).toBe('HIDE');
    const toggle = screen.getByRole('checkbox', { name: 'Show bet holds and releases' });
    expect(toggle).toHaveProperty('checked', false);

    await act(async () => fireEvent.click(toggle));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(queries(seen).at(-1)?.holds).toBe('SHOW');
    expect(localStorage.getItem(STATEMENT_HOLDS_KEY)).toBe('SHOW');
    // A hold leaves the balance as it was and says what it set aside.
    const held = must(rows()[0]);
    expect(within(held).getByText('Exposure +250.00')).toBeTruthy();
    expect(parseMoney(held.querySelector('.statement-row__amount')?.textContent)).toBe(0);
    expect(parseMoney(held.querySelector('.statement-row__balance')?.textContent)).toBe(50_000);

    await act(async () => fireEvent.click(toggle));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(localStorage.getItem(STATEMENT_HOLDS_KEY)).toBeNull();
  });
});
