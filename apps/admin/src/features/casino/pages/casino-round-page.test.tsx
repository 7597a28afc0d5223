import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../shared/format/dates';
import { buildCasinoRoundDetail } from '../../../shared/test/casino-fixtures';
import { buildPlayerRow, failure, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin } from '../../../shared/test/serve-admin';
import CasinoRoundPage from './casino-round-page';

const CALLBACKS = [
  {
    transactionId: 'tx-debit-1',
    kind: 'debit',
    referenceTransactionId: null,
    amount: 500,
    outcome: 'OK',
    rolledBackBy: null,
    at: '2026-05-01T10:05:00.000Z',
  },
  {
    transactionId: 'tx-debit-2',
    kind: 'debit',
    referenceTransactionId: null,
    amount: 20_000,
    outcome: 'INSUFFICIENT_FUNDS',
    rolledBackBy: null,
    at: '2026-05-01T10:05:10.000Z',
  },
  {
    transactionId: 'tx-debit-3',
    kind: 'debit',
    referenceTransactionId: null,
    amount: 250,
    outcome: 'OK',
    rolledBackBy: 'tx-rollback-1',
    at: '2026-05-01T10:05:20.000Z',
  },
  {
    transactionId: 'tx-rollback-1',
    kind: 'rollback',
    referenceTransactionId: 'tx-debit-3',
    // A rollback names no amount; the wallet records none.
    amount: 0,
    outcome: 'OK',
    rolledBackBy: null,
    at: '2026-05-01T10:05:30.000Z',
  },
  {
    transactionId: 'tx-credit-1',
    kind: 'credit',
    referenceTransactionId: null,
    amount: 950,
    outcome: 'OK',
    rolledBackBy: null,
    at: '2026-05-01T10:05:40.000Z',
  },
] as const;

const ROUND = buildCasinoRoundDetail(4, {
  stake: 750,
  win: 950,
  refunded: 250,
  callbacks: [...CALLBACKS],
});

async function openRound(id = ROUND.id) {
  renderPage(CasinoRoundPage, { path: '/casino/rounds/:roundId', url: `/casino/rounds/${id}` });
}

const fact = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('a casino round', () => {
  it('shows the round, its money and its launch', async () => {
    const seen = serveAdmin({ 'casino/rounds/detail': () => jsonResponse(okEnvelope(ROUND)) });
    await openRound();
    expect(await screen.findByRole('heading', { name: 'Round mac-r-1004' })).toBeTruthy();

    expect(seen.map((call) => [call.path, call.query.get('id')])).toEqual([
      ['casino/rounds/detail', ROUND.id],
    ]);
    const round = screen.getByRole('region', { name: 'Round' });
    expect(within(round).getByRole('link', { name: 'player4' })).toHaveProperty(
      'pathname',
      `/players/${buildPlayerRow(4).id}`,
    );
    expect(fact(round, 'Game')).toBe('Teen Patti Royale mac_teen_patti');
    expect(fact(round, 'Backlay’s round id')).toBe(ROUND.id);
    expect(fact(round, 'Closed')).toBe(formatDateTime(ROUND.closedAt));
    const money = screen.getByRole('region', { name: 'Money' });
    expect(fact(money, 'Stake')).toBe('₹750.00');
    expect(fact(money, 'Win')).toBe('₹950.00');
    expect(fact(money, 'Refunded')).toBe('₹250.00');
    // 950 won and 250 given back, of 750 staked.
    expect(fact(money, 'Player net')).toBe('₹450.00');
    expect(fact(money, 'Book')).toBe('Real money');
    const launch = screen.getByRole('region', { name: 'Launch' });
    expect(fact(launch, 'Launch id')).toBe(ROUND.launch.id);
    expect(fact(launch, 'Token expires')).toBe(formatDateTime(ROUND.launch.expiresAt));
    expect(screen.getByRole('link', { name: 'Player’s rounds' })).toHaveProperty(
      'search',
      `?playerId=${ROUND.playerId}`,
    );
  });

  it('lists every callback with its transaction id, kind, amount, outcome and time', async () => {
    serveAdmin({ 'casino/rounds/detail': () => jsonResponse(okEnvelope(ROUND)) });
    await openRound();
    const table = await screen.findByRole('table', { name: 'Callbacks' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );

    expect(rows).toEqual([
      [formatDateTime(CALLBACKS[0].at), 'Debit (bet)', 'tx-debit-1', '₹500.00', 'OK', '—', '—'],
      [
        formatDateTime(CALLBACKS[1].at),
        'Debit (bet)',
        'tx-debit-2',
        '₹20,000.00',
        'INSUFFICIENT_FUNDS',
        '—',
        '—',
      ],
      [
        formatDateTime(CALLBACKS[2].at),
        'Debit (bet)',
        'tx-debit-3',
        '₹250.00',
        'OK',
        '—',
        'tx-rollback-1',
      ],
      [
        formatDateTime(CALLBACKS[3].at),
        'Rollback (refund)',
        'tx-rollback-1',
        '₹250.00',
        'OK',
        'tx-debit-3',
        '—',
      ],
      [formatDateTime(CALLBACKS[4].at), 'Credit (win)', 'tx-credit-1', '₹950.00', 'OK', '—', '—'],
    ]);
    // A refused callback stands out from those the wallet accepted.
    expect(within(table).getByText('INSUFFICIENT_FUNDS').className).toBe('badge badge--bad');
    expect(within(table).getAllByText('OK')[0]?.className).toBe('badge badge--good');
  });

  it('marks a demo player’s round, and one still open', async () => {
    serveAdmin({
      'casino/rounds/detail': () =>
        jsonResponse(
          okEnvelope(
            buildCasinoRoundDetail(5, { demo: true, status: 'OPEN', closedAt: null, win: 0 }),
          ),
        ),
    });
    await openRound(buildCasinoRoundDetail(5).id);
    const header = await screen.findByRole('banner');
    await within(header).findByText('Open');
    expect(within(header).getByText('Demo')).toBeTruthy();
    expect(fact(screen.getByRole('region', { name: 'Round' }), 'Closed')).toBe('Still open');
    expect(fact(screen.getByRole('region', { name: 'Money' }), 'Book')).toBe(
      'Play money (demo player)',
    );
    expect(screen.getByText('No callback in this round.')).toBeTruthy();
  });

  it('says when there is no such round', async () => {
    serveAdmin({
      'casino/rounds/detail': () => failure('NOT_FOUND', 'There is no such round.', 404),
    });
    await openRound();
    expect(await screen.findByText('There is no such round.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Casino round' })).toBeTruthy();
  });
});
