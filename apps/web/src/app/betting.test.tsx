import { DEFAULT_STAKES } from '@backlay/contract/account';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBetSlip } from '../features/bets/index';
import { apiFetch } from '../shared/test/render-page';
import {
  buildSettingsResponse,
  buildUserInfoResult,
  jsonResponse,
  okEnvelope,
} from '../shared/test/fixtures';
import {
  buildBetResult,
  buildEvent,
  buildMarket,
  buildOdds,
  buildOpenBets,
  logInPlayer,
} from '../shared/test/sports-fixtures';
import { toastStore } from '../shared/toasts/toast-store';
import { renderApp } from './app-test-kit';

const api = apiFetch({
  'Setting/GetSetting': () =>
    jsonResponse(okEnvelope(buildUserInfoResult({ cricket: true, kabaddi: true }))),
  'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets([]))),
  'Bet/GetUserExpectedProfitLoss': () => jsonResponse(okEnvelope([])),
  'Market/GetByEventId': () =>
    jsonResponse(okEnvelope({ event: buildEvent(), markets: [buildMarket()] })),
  'Odds/GetUserOddsV2': () =>
    jsonResponse(
      okEnvelope([
        buildOdds('1.101', [
          { runnerId: 1, back: [[1.85, 1000]], lay: [[1.87, 1000]] },
          { runnerId: 2, back: [[2.12, 1000]], lay: [[2.16, 1000]] },
        ]),
      ]),
    ),
  'services/app/Sport/GetScoreCard': () => new Promise<Response>(() => undefined),
  'Tv/GetStream': () => new Promise<Response>(() => undefined),
  'Odds/GetUserLimits': () => new Promise<Response>(() => undefined),
  'event/GetBySportName': () => jsonResponse(okEnvelope([])),
  'Bet/PlaceBetV2': (request) => {
    placed.push(request.json);
    return jsonResponse(
      okEnvelope(
        buildBetResult({
          runnerId: 2,
          runnerName: 'Australia',
          side: 'LAY',
          price: 2.16,
          stake: 500,
          matchedStake: 500,
          averagePrice: 2.16,
        }),
      ),
    );
  },
});
/** The bodies of the placements made. */
let placed: unknown[] = [];

function renderBetting(initialPath: string) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/cdn/settings/')) return jsonResponse(buildSettingsResponse());
    return api(input, init);
  });
  return renderApp(initialPath).router;
}

beforeEach(() => {
  placed = [];
  logInPlayer();
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});
afterEach(() => {
  act(() => useBetSlip.getState().close());
  vi.unstubAllGlobals();
});

describe('betting in the main layout', () => {
  it('opens the bet slip beside the market when a price is chosen, and closes it on leaving', async () => {
    const router = renderBetting('/markets/101/ext-101');
    fireEvent.click(await screen.findByRole('button', { name: /^Back India 1\.85 / }));

    const slip = await screen.findByRole('dialog', { name: 'Bet slip' });
    expect(within(slip).getByText('India')).toBeTruthy();
    expect(within(slip).getByLabelText('Price')).toHaveProperty('value', '1.85');

    await act(() => router.navigate('/matchlist/3'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bet slip' })).toBeNull());
    expect(useBetSlip.getState().selection).toBeNull();
  });

  it('with one-tap betting on, places a tapped price at once, with no slip or column for one', async () => {
    logInPlayer({ stakes: [{ title: '500', value: 500 }, ...DEFAULT_STAKES.slice(1)] });
    localStorage.setItem('oneTapBetting', 'true');
    renderBetting('/markets/101/ext-101');
    fireEvent.click(await screen.findByRole('button', { name: /^Lay Australia 2\.16 / }));

    expect(document.querySelector('.shell--slip-open')).toBeNull();
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((t) => t.message)).toContain(
        'Bet matched: Lay Australia ₹500.00 at 2.16.',
      ),
    );
    expect(placed).toEqual([
      expect.objectContaining({
        marketId: '1.101',
        runnerId: 2,
        side: 'LAY',
        price: 2.16,
        stake: 500,
      }),
    ]);
    expect(screen.queryByRole('dialog', { name: 'Bet slip' })).toBeNull();
    expect(document.querySelector('.shell--slip-open')).toBeNull();
  });
});
