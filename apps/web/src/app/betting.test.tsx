import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
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
  buildEvent,
  buildMarket,
  buildOdds,
  buildOpenBets,
  logInPlayer,
} from '../shared/test/sports-fixtures';
import { App } from './app';
import { createAppRouter } from './routing/create-router';

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
});

function renderApp(initialPath: string) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/cdn/settings/')) return jsonResponse(buildSettingsResponse());
    return api(input, init);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter({ queryClient, hostname: 'localhost' }, (routes) =>
    createMemoryRouter(routes, { initialEntries: [initialPath] }),
  );
  render(<App queryClient={queryClient} router={router} />);
  return router;
}

beforeEach(() => logInPlayer());
afterEach(() => {
  act(() => useBetSlip.getState().close());
  vi.unstubAllGlobals();
});

describe('betting in the main layout', () => {
  it('opens the bet slip beside the market when a price is chosen, and closes it on leaving', async () => {
    const router = renderApp('/markets/101/ext-101');
    fireEvent.click(await screen.findByRole('button', { name: 'Back India 1.85' }));

    const slip = await screen.findByRole('dialog', { name: 'Bet slip' });
    expect(within(slip).getByText('India')).toBeTruthy();
    expect(within(slip).getByLabelText('Price')).toHaveProperty('value', '1.85');

    await act(() => router.navigate('/matchlist/3'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bet slip' })).toBeNull());
    expect(useBetSlip.getState().selection).toBeNull();
  });
});
