import { RANGE_BACKWARDS_MESSAGE } from '../../../shared/dates/day-range';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { buildRequest } from '../test/wallet-fixtures';
import RequestsPage from './requests-page';

interface RequestsBody {
  kind?: string;
  status?: string;
  from?: string;
  to?: string;
  MaxResultCount: number;
  SkipCount: number;
}

const bodies = (seen: SeenRequest[]) =>
  seen
    .filter((r) => r.url.pathname === '/api/DepositWithdrawal/PlayerRequests')
    .map((r) => r.json as RequestsBody);

/** 25 requests: a paid withdrawal with finance's note, a deposit credited for less, the rest pending. */
function requests(request: SeenRequest) {
  const body = request.json as RequestsBody;
  const total = 25;
  const all = Array.from({ length: total }, (_, i) =>
    i === 0
      ? buildRequest(
          {
            status: 'APPROVED',
            reference: 'PAYOUT-778899',
            decidedAt: '2026-03-02T09:00:00.000Z',
            note: 'Paid by IMPS',
          },
          i + 1,
        )
      : i === 1
        ? buildRequest(
            {
              kind: 'DEPOSIT',
              channel: 'UPI',
              status: 'APPROVED',
              amount: 5_000,
              settledAmount: 4_500,
              reference: '412345678901',
              account: 'backlay.pay@okaxis',
              note: 'The payment received was ₹4,500',
            },
            i + 1,
          )
        : buildRequest({}, i + 1),
  );
  return jsonResponse(
    okEnvelope({
      totalCount: total,
      items: all.slice(body.SkipCount, body.SkipCount + body.MaxResultCount),
    }),
  );
}

beforeEach(() => logInPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the requests page', () => {
  it('lists requests as cards: paid withdrawals, credited amounts, references and notes', async () => {
    serveApi({ 'DepositWithdrawal/PlayerRequests': requests });
    renderPage(RequestsPage, { path: '/dwrequests' });
    const cards = await screen.findAllByTestId('request-card');
    expect(cards).toHaveLength(20);

    const paid = within(cards[0] as HTMLElement);
    expect(paid.getByText('Paid')).toBeTruthy();
    expect(paid.getByText('PAYOUT-778899')).toBeTruthy();
    expect(paid.getByText('Paid by IMPS')).toBeTruthy();
    expect(paid.queryByRole('button', { name: 'Cancel' })).toBeNull();

    const credited = within(cards[1] as HTMLElement);
    expect(credited.getByText('Approved')).toBeTruthy();
    expect(credited.getByText('credited ₹4,500.00')).toBeTruthy();
    expect(credited.getByText('412345678901')).toBeTruthy();
    expect(credited.getByText('Deposit · UPI')).toBeTruthy();

    // A pending withdrawal can be cancelled from the list.
    expect(within(cards[2] as HTMLElement).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('reads in Hindi once the player chooses it: filters, cards and their buttons', async () => {
    serveApi({ 'DepositWithdrawal/PlayerRequests': requests });
    renderPage(RequestsPage, { path: '/dwrequests' });
    await screen.findAllByTestId('request-card');

    await act(() => chooseLanguage('hi'));
    const type = screen.getByLabelText('प्रकार') as HTMLSelectElement;
    expect([...type.options].map((o) => o.textContent)).toEqual(['सभी', 'डिपॉज़िट', 'विड्रॉल']);
    const status = screen.getByLabelText('स्टेटस') as HTMLSelectElement;
    expect([...status.options].map((o) => o.textContent)).toContain('स्वीकृत / भुगतान हुआ');
    const cards = screen.getAllByTestId('request-card');
    const credited = within(cards[1] as HTMLElement);
    expect(credited.getByText('डिपॉज़िट · UPI')).toBeTruthy();
    expect(credited.getByText('₹4,500.00 जमा हुए')).toBeTruthy();
    expect(credited.getByText('स्वीकृत')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('भुगतान हो गया')).toBeTruthy();
    expect(within(cards[2] as HTMLElement).getByRole('button', { name: 'रद्द करें' })).toBeTruthy();
  });

  it('filters by type, status and dates, from the first page again', async () => {
    const seen = serveApi({ 'DepositWithdrawal/PlayerRequests': requests });
    renderPage(RequestsPage, { path: '/dwrequests' });
    await screen.findByText('1–20 of 25');
    expect(bodies(seen)[0]).toEqual({ MaxResultCount: 20, SkipCount: 0 });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await screen.findByText('21–25 of 25');
    expect(bodies(seen).at(-1)?.SkipCount).toBe(20);

    await act(async () =>
      fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'WITHDRAWAL' } }),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'APPROVED' } }),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } }),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-07' } }),
    );
    await waitFor(() =>
      expect(bodies(seen).at(-1)).toEqual({
        kind: 'WITHDRAWAL',
        status: 'APPROVED',
        from: '2026-03-01',
        to: '2026-03-07',
        MaxResultCount: 20,
        SkipCount: 0,
      }),
    );
  });

  it('refuses a date range that runs backwards, without calling', async () => {
    const seen = serveApi({ 'DepositWithdrawal/PlayerRequests': requests });
    renderPage(RequestsPage, { path: '/dwrequests' });
    await screen.findByText('1–20 of 25');
    await act(async () =>
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-09' } }),
    );
    await waitFor(() => expect(bodies(seen).at(-1)?.from).toBe('2026-03-09'));
    const before = bodies(seen).length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText(RANGE_BACKWARDS_MESSAGE)).toBeTruthy();
    expect(bodies(seen)).toHaveLength(before);
  });

  it('shows a gateway deposit paid with another amount as under review, then as decided', async () => {
    const reviewed = {
      kind: 'DEPOSIT' as const,
      channel: 'LINK' as const,
      account: 'Payment link',
      amount: 1_000,
      paidAmount: 1_500,
      reference: 'plink_Ab12Cd34Ef56Gh',
    };
    let decided = false;
    serveApi({
      'DepositWithdrawal/PlayerRequests': () =>
        jsonResponse(
          okEnvelope({
            totalCount: 1,
            items: [
              buildRequest(
                decided
                  ? {
                      ...reviewed,
                      status: 'APPROVED',
                      settledAmount: 1_500,
                      decidedAt: '2026-03-02T09:00:00.000Z',
                    }
                  : { ...reviewed, status: 'UNDER_REVIEW' },
              ),
            ],
          }),
        ),
    });
    const view = renderPage(RequestsPage, { path: '/dwrequests' });
    const [card] = await screen.findAllByTestId('request-card');
    const waiting = within(card as HTMLElement);
    expect(waiting.getByText('Under review')).toBeTruthy();
    expect(waiting.getByText('Deposit · Payment link')).toBeTruthy();
    expect(waiting.getByText('₹1,500.00')).toBeTruthy();
    expect(
      waiting.getByText(
        'We received ₹1,500.00, not the ₹1,000.00 this payment asked for. Finance is checking it: nothing is added to your balance until they decide.',
      ),
    ).toBeTruthy();
    expect(waiting.queryByText('Rejected')).toBeNull();
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => o.value)).toContain('UNDER_REVIEW');

    decided = true;
    await act(() => view.queryClient.invalidateQueries());
    await waitFor(() => expect(screen.getByText('Approved')).toBeTruthy());
    const credited = within(screen.getByTestId('request-card'));
    expect(credited.getByText('credited ₹1,500.00')).toBeTruthy();
    expect(credited.queryByText(/Finance is checking it/)).toBeNull();
  });

  it('says so when nothing matches', async () => {
    serveApi({
      'DepositWithdrawal/PlayerRequests': () =>
        jsonResponse(okEnvelope({ totalCount: 0, items: [] })),
    });
    renderPage(RequestsPage, { path: '/dwrequests' });
    expect(await screen.findByText('No requests match these filters.')).toBeTruthy();
  });
});
