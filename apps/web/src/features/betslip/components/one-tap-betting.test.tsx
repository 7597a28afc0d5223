import { BET_REFUSALS, IDEMPOTENCY_KEY_RULE } from '@backlay/contract/bets';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oneTapBusyMessage, useBetSlip, type BetSelection } from '../../bets/index';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import {
  buildBetResult,
  buildExpectedProfitLoss,
  buildOpenBets,
  logInPlayer,
} from '../../../shared/test/sports-fixtures';
import { toastStore } from '../../../shared/toasts/toast-store';
import { buildSelection, SELECTION_LIMITS } from '../test/selection-fixtures';
import BetSlipDock from './bet-slip-dock';

/** The player's stake buttons: a one-tap bet takes the first. */
const STAKES = [
  { title: '2k', value: 2000 },
  { title: '5k', value: 5000 },
];
/** Lay Australia at 2.16: the price the player taps. */
const TAPPED: Partial<BetSelection> = {
  runnerId: 2,
  runnerName: 'Australia',
  side: 'LAY',
  price: 2.16,
};

type Answer = (request: SeenRequest) => Response | Promise<Response>;

function serve(placeBet: Answer) {
  return serveApi({
    'Odds/GetUserLimits': () => jsonResponse(okEnvelope(SELECTION_LIMITS)),
    'Bet/PlaceBetV2': placeBet,
    'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets([]))),
    'Bet/GetUserExpectedProfitLoss': () =>
      jsonResponse(okEnvelope(buildExpectedProfitLoss('1.101', { 1: 0, 2: 0 }))),
  });
}

const LAID = buildBetResult({
  runnerId: 2,
  runnerName: 'Australia',
  side: 'LAY',
  price: 2.16,
  stake: 2000,
  matchedStake: 2000,
  averagePrice: 2.16,
});

const renderDock = () =>
  renderPage(BetSlipDock, {
    path: '/markets/:eventid?/:dreamEventId',
    url: '/markets/101/ext-101',
  });
/** A tap on a price, as the sports pages make one. */
const tap = (selection: Partial<BetSelection> = TAPPED) =>
  act(() => useBetSlip.getState().open(buildSelection(selection)));
const slip = () => screen.queryByRole('dialog', { name: 'Bet slip' });
const oneTapSwitch = () => screen.getByRole('switch', { name: 'One-tap betting' });
const placeCalls = (seen: SeenRequest[]) =>
  seen.filter((r) => r.url.pathname === '/api/Bet/PlaceBetV2');
const toasts = () => toastStore.getState().toasts.map((t) => `${t.kind}: ${t.message}`);

beforeEach(() => {
  logInPlayer({ stakes: STAKES });
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});
afterEach(() => {
  act(() => useBetSlip.getState().close());
  vi.unstubAllGlobals();
});

describe('one-tap betting', () => {
  it('is off at first: a tapped price opens the slip and nothing is placed', async () => {
    const seen = serve(() => jsonResponse(okEnvelope(LAID)));
    renderDock();
    tap();
    expect(slip()).not.toBeNull();
    expect((oneTapSwitch() as HTMLInputElement).checked).toBe(false);
    expect(
      within(oneTapSwitch().closest('div') as HTMLElement).getByText(/₹2,000\.00 bet at once/),
    ).toBeTruthy();
    await screen.findByTestId('bet-limits');
    expect(placeCalls(seen)).toHaveLength(0);
    expect(localStorage.getItem('oneTapBetting')).toBeNull();
  });

  it('once turned on in the slip, places a tapped price at once with the first stake button', async () => {
    let answer: (response: Response) => void = () => undefined;
    const seen = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderDock();
    tap({ runnerId: 1, runnerName: 'India', side: 'BACK', price: 1.85 });
    fireEvent.click(oneTapSwitch());
    expect(localStorage.getItem('oneTapBetting')).toBe('true');
    // The slip that was open stays: its bet is still the player's to confirm.
    expect(slip()).not.toBeNull();
    expect(placeCalls(seen)).toHaveLength(0);

    tap();
    expect(slip()).toBeNull();
    await waitFor(() => expect(placeCalls(seen)).toHaveLength(1));
    const body = placeCalls(seen)[0]?.json as Record<string, unknown>;
    expect(body).toMatchObject({
      marketId: '1.101',
      runnerId: 2,
      side: 'LAY',
      price: 2.16,
      stake: 2000,
    });
    expect(body).not.toHaveProperty('keepInPlay');
    expect(IDEMPOTENCY_KEY_RULE.test(String(body.idempotencyKey))).toBe(true);
    expect(toasts()).toEqual(['info: Placing Lay Australia ₹2,000.00 at 2.16…']);
    expect(useBetSlip.getState().oneTap).toMatchObject({ stake: 2000, selection: { runnerId: 2 } });

    await act(async () => answer(jsonResponse(okEnvelope(LAID))));
    await waitFor(() =>
      expect(toasts()).toEqual(['success: Bet matched: Lay Australia ₹2,000.00 at 2.16.']),
    );
    expect(useBetSlip.getState()).toMatchObject({ selection: null, oneTap: null });
    expect(slip()).toBeNull();
  });

  it('stays on for the next visit, and goes off again from the switch', async () => {
    localStorage.setItem('oneTapBetting', 'true');
    const seen = serve(() => jsonResponse(okEnvelope(LAID)));
    const first = renderDock();
    tap();
    await waitFor(() => expect(placeCalls(seen)).toHaveLength(1));
    await waitFor(() => expect(useBetSlip.getState().oneTap).toBeNull());
    first.unmount();

    renderDock();
    tap({ ...TAPPED, price: 2.18 });
    await waitFor(() => expect(placeCalls(seen)).toHaveLength(2));
    await waitFor(() => expect(useBetSlip.getState().oneTap).toBeNull());

    // Turned off in another tab: taps here open the slip again.
    act(() => localStorage.removeItem('oneTapBetting'));
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'oneTapBetting' })));
    tap();
    expect(slip()).not.toBeNull();
    expect((oneTapSwitch() as HTMLInputElement).checked).toBe(false);
    expect(placeCalls(seen)).toHaveLength(2);
  });

  it('places one bet at a time: a tap while one is on its way places nothing', async () => {
    localStorage.setItem('oneTapBetting', 'true');
    let answer: (response: Response) => void = () => undefined;
    const seen = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderDock();
    tap();
    await waitFor(() => expect(placeCalls(seen)).toHaveLength(1));
    tap({ runnerId: 1, runnerName: 'India', side: 'BACK', price: 1.85 });
    expect(toasts()).toContain(`info: ${oneTapBusyMessage()}`);
    expect(useBetSlip.getState().oneTap?.selection.runnerId).toBe(2);
    expect(slip()).toBeNull();

    await act(async () => answer(jsonResponse(okEnvelope(LAID))));
    await waitFor(() => expect(useBetSlip.getState().oneTap).toBeNull());
    expect(placeCalls(seen)).toHaveLength(1);
  });

  it('shows a refused bet in the slip, as the slip would, ready to change', async () => {
    localStorage.setItem('oneTapBetting', 'true');
    const seen = serve(() =>
      jsonResponse(
        {
          success: false,
          result: null,
          error: {
            code: 'CONFLICT',
            message: BET_REFUSALS.MARKET_SUSPENDED,
            details: 'MARKET_SUSPENDED',
          },
          unAuthorizedRequest: false,
        },
        409,
      ),
    );
    renderDock();
    tap();

    expect((await screen.findByTestId('bet-slip-error')).textContent).toBe(
      BET_REFUSALS.MARKET_SUSPENDED,
    );
    const shown = slip() as HTMLElement;
    expect((within(shown).getByLabelText('Stake') as HTMLInputElement).value).toBe('2000');
    expect((within(shown).getByLabelText('Price') as HTMLInputElement).value).toBe('2.16');
    expect(within(shown).getByRole('button', { name: 'Place bet' })).toBeTruthy();
    expect(toasts().filter((t) => t.startsWith('info:'))).toEqual([]);
    expect(placeCalls(seen)).toHaveLength(1);
  });

  it('retries a one-tap bet lost to a network error from the slip, with the same key', async () => {
    localStorage.setItem('oneTapBetting', 'true');
    let attempt = 0;
    const seen = serve(() => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(okEnvelope(LAID));
    });
    renderDock();
    tap();

    expect((await screen.findByTestId('bet-slip-error')).textContent).toBe(
      'Please Check Your Network Connection...',
    );
    await act(async () =>
      fireEvent.click(within(slip() as HTMLElement).getByRole('button', { name: 'Try again' })),
    );
    await waitFor(() => expect(slip()).toBeNull());
    const keys = placeCalls(seen).map((r) => (r.json as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
