import { BET_REFUSALS, IDEMPOTENCY_KEY_RULE } from '@backlay/contract/bets';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  useBetSlip,
  useExpectedProfitLoss,
  useOpenBets,
  type BetSelection,
} from '../../bets/index';
import { chooseLanguage } from '../../../shared/i18n/language';
import { resetSessionStore } from '../../../shared/session/session-store';
import { useUserInfoRefresh } from '../../../shared/session/user-info-query';
import { buildUserInfoResult, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
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

const STAKES = [
  { title: '1k', value: 1000 },
  { title: '5k', value: 5000 },
  { title: '25k', value: 25_000 },
];

/** The slip as the layout shows it, beside the views that read open bets and the wallet. */
function SlipWithAccount() {
  useOpenBets();
  useExpectedProfitLoss();
  useUserInfoRefresh();
  return <BetSlipDock />;
}

type Answer = (request: SeenRequest) => Response | Promise<Response>;

function serve(placeBet: Answer) {
  return serveApi({
    'Odds/GetUserLimits': () => jsonResponse(okEnvelope(SELECTION_LIMITS)),
    'Bet/PlaceBetV2': placeBet,
    'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets([]))),
    'Bet/GetUserExpectedProfitLoss': () =>
      jsonResponse(okEnvelope(buildExpectedProfitLoss('1.101', { 1: 850, 2: -1000 }))),
    'Setting/GetSetting': () => jsonResponse(okEnvelope(buildUserInfoResult())),
  });
}

function open(selection: Partial<BetSelection> = {}) {
  act(() => useBetSlip.getState().open(buildSelection(selection)));
  return renderPage(SlipWithAccount, {
    path: '/markets/:eventid?/:dreamEventId',
    url: '/markets/101/ext-101',
  });
}

const slip = () => screen.getByRole('dialog', { name: 'Bet slip' });
const stakeBox = () => within(slip()).getByLabelText('Stake') as HTMLInputElement;
const priceBox = () => within(slip()).getByLabelText('Price') as HTMLInputElement;
const click = (name: string) => fireEvent.click(within(slip()).getByRole('button', { name }));
/** Answers the first placement with a lost connection, and every later one with the bet. */
function serveNetworkErrorFirst() {
  let attempt = 0;
  return serve(() => {
    attempt += 1;
    if (attempt === 1) throw new TypeError('Failed to fetch');
    return jsonResponse(okEnvelope(buildBetResult()));
  });
}

/** Picks a stake button, then places and confirms the bet. */
async function placeWithStake(stakeButton: string) {
  click(stakeButton);
  click('Place bet');
  await act(async () => click('Confirm bet'));
}

const placeCalls = (seen: SeenRequest[]) =>
  seen.filter((r) => r.url.pathname === '/api/Bet/PlaceBetV2');

beforeEach(() => {
  logInPlayer({ stakes: STAKES });
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});
afterEach(() => {
  act(() => useBetSlip.getState().close());
  vi.unstubAllGlobals();
});

describe('the bet slip', () => {
  it('takes the stake from the player’s stake buttons and shows liability and profit', async () => {
    serve(() => jsonResponse(okEnvelope(buildBetResult())));
    open();
    expect(within(slip()).getByText('India')).toBeTruthy();
    expect(within(slip()).getByText('Match Odds · India v Australia')).toBeTruthy();
    expect(
      within(within(slip()).getByRole('group', { name: 'Stake buttons' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1k', '5k', '25k']);

    click('1k');
    expect(stakeBox().value).toBe('1000');
    expect(screen.getByTestId('bet-liability').textContent).toBe('₹1,000.00');
    expect(screen.getByTestId('bet-profit').textContent).toBe('₹850.00');
    // The market page reads the stake to project the P&L after the bet.
    expect(useBetSlip.getState().stake).toBe(1000);
  });

  it('falls back to the default stake buttons', async () => {
    logInPlayer({ stakes: undefined });
    serve(() => jsonResponse(okEnvelope(buildBetResult())));
    open();
    const buttons = within(
      within(slip()).getByRole('group', { name: 'Stake buttons' }),
    ).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      '100',
      '500',
      '1k',
      '2k',
      '3k',
      '4k',
      '5k',
      '6k',
    ]);
  });

  it('moves the price by ladder ticks and works out a lay’s liability', async () => {
    serve(() => jsonResponse(okEnvelope(buildBetResult())));
    open({ side: 'LAY', price: 1.99 });
    click('Raise price');
    expect(priceBox().value).toBe('2');
    click('Raise price');
    expect(priceBox().value).toBe('2.02');
    click('Lower price');
    click('Lower price');
    expect(priceBox().value).toBe('1.99');
    expect(useBetSlip.getState().price).toBe(1.99);

    fireEvent.change(priceBox(), { target: { value: '3.5' } });
    fireEvent.change(stakeBox(), { target: { value: '200' } });
    expect(screen.getByTestId('bet-liability').textContent).toBe('₹500.00');
    expect(screen.getByTestId('bet-profit').textContent).toBe('₹200.00');

    fireEvent.change(priceBox(), { target: { value: '3.51' } });
    expect(within(slip()).getByRole('alert').textContent).toBe(BET_REFUSALS.PRICE_OFF_LADDER);
    expect(within(slip()).getByRole('button', { name: 'Place bet' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('holds the stake to the market’s limits from Odds/GetUserLimits', async () => {
    const seen = serve(() => jsonResponse(okEnvelope(buildBetResult())));
    open();
    expect((await screen.findByTestId('bet-limits')).textContent).toContain('100.00 to 50,000.00');
    const limitsCall = seen.find((r) => r.url.pathname === '/api/Odds/GetUserLimits');
    expect(limitsCall?.url.searchParams.get('marketId')).toBe('1.101');

    fireEvent.change(stakeBox(), { target: { value: '50' } });
    expect(within(slip()).getByRole('alert').textContent).toContain(BET_REFUSALS.STAKE_BELOW_MIN);
    expect(within(slip()).getByRole('button', { name: 'Place bet' })).toHaveProperty(
      'disabled',
      true,
    );

    fireEvent.change(stakeBox(), { target: { value: '60000' } });
    expect(within(slip()).getByRole('alert').textContent).toContain(BET_REFUSALS.STAKE_ABOVE_MAX);

    fireEvent.change(stakeBox(), { target: { value: '500' } });
    expect(within(slip()).queryByRole('alert')).toBeNull();
    expect(within(slip()).getByRole('button', { name: 'Place bet' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('asks for confirmation, then places the bet and refreshes open bets and P&L, not the user info', async () => {
    const seen = serve(() =>
      jsonResponse(
        okEnvelope(buildBetResult({ stake: 1000, matchedStake: 1000 }, { balance: 4321 })),
      ),
    );
    open();
    await screen.findByTestId('bet-limits');
    await waitFor(() =>
      expect(seen.filter((r) => r.url.pathname === '/api/Bet/GetUserOpenBets')).toHaveLength(1),
    );
    click('1k');
    click('Place bet');
    expect(placeCalls(seen)).toHaveLength(0);
    const confirm = within(slip()).getByRole('group', { name: 'Confirm your bet' });
    expect(confirm.textContent).toContain('Back India at 1.85 for ₹1,000.00');
    expect(confirm.textContent).toContain('You risk ₹1,000.00 to win ₹850.00.');

    await act(async () => click('Confirm bet'));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bet slip' })).toBeNull());
    const body = placeCalls(seen)[0]?.json as Record<string, unknown>;
    expect(body).toMatchObject({
      marketId: '1.101',
      runnerId: 1,
      side: 'BACK',
      price: 1.85,
      stake: 1000,
    });
    expect(IDEMPOTENCY_KEY_RULE.test(String(body.idempotencyKey))).toBe(true);
    const shown = await screen.findByTestId('toast');
    expect(shown.dataset.kind).toBe('success');
    expect(shown.textContent).toBe('Bet matched: Back India ₹1,000.00 at 1.85.');
    await waitFor(() => {
      expect(seen.filter((r) => r.url.pathname === '/api/Bet/GetUserOpenBets')).toHaveLength(2);
      expect(
        seen.filter((r) => r.url.pathname === '/api/Bet/GetUserExpectedProfitLoss'),
      ).toHaveLength(2);
    });
    // The answer carries the wallet: the user info is not read again for it.
    expect(seen.filter((r) => r.url.pathname === '/api/Setting/GetSetting')).toHaveLength(1);
  });

  it('says what matched and what waits unmatched', async () => {
    serve(() =>
      jsonResponse(
        okEnvelope(
          buildBetResult({
            side: 'LAY',
            price: 2,
            stake: 1000,
            matchedStake: 600,
            averagePrice: 1.98,
            unmatchedStake: 400,
            status: 'PARTIALLY_MATCHED',
          }),
        ),
      ),
    );
    open({ side: 'LAY', price: 2 });
    await placeWithStake('1k');
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Bet partly matched: Lay India ₹600.00 matched at 1.98; ₹400.00 waits unmatched at 2.',
    );
  });

  it('shows the server’s refusal in the slip and lets the player change the bet', async () => {
    const refusal = {
      success: false,
      result: null,
      error: {
        code: 'CONFLICT',
        message: BET_REFUSALS.MARKET_SUSPENDED,
        details: 'MARKET_SUSPENDED',
      },
      unAuthorizedRequest: false,
    };
    const seen = serve(() => jsonResponse(refusal, 409));
    open();
    await placeWithStake('1k');

    expect((await screen.findByTestId('bet-slip-error')).textContent).toBe(
      BET_REFUSALS.MARKET_SUSPENDED,
    );
    expect(within(slip()).getByRole('button', { name: 'Place bet' })).toBeTruthy();
    // A definite refusal: the next submission is a new one, with a new key.
    click('Place bet');
    await act(async () => click('Confirm bet'));
    await waitFor(() => expect(placeCalls(seen)).toHaveLength(2));
    const [first, second] = placeCalls(seen).map(
      (r) => (r.json as { idempotencyKey: string }).idempotencyKey,
    );
    expect(second).not.toBe(first);
  });

  it('retries a bet lost to a network error with the same idempotency key', async () => {
    const seen = serveNetworkErrorFirst();
    open();
    await placeWithStake('1k');

    expect((await screen.findByTestId('bet-slip-error')).textContent).toBe(
      'Please Check Your Network Connection...',
    );
    await act(async () => click('Try again'));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bet slip' })).toBeNull());
    const keys = placeCalls(seen).map((r) => (r.json as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a changed bet after a network error is a new submission with a new key', async () => {
    const seen = serveNetworkErrorFirst();
    open();
    await placeWithStake('1k');
    await screen.findByTestId('bet-slip-error');
    await placeWithStake('5k');
    await waitFor(() => expect(placeCalls(seen)).toHaveLength(2));
    const keys = placeCalls(seen).map((r) => (r.json as { idempotencyKey: string }).idempotencyKey);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('tells of the in-play bet delay, and closes with Escape', async () => {
    serve(() => jsonResponse(okEnvelope(buildBetResult())));
    open({ inPlay: true, betDelaySeconds: 5 });
    expect(
      within(slip()).getByText('In play: your bet waits 5 s before it reaches the market.'),
    ).toBeTruthy();
    fireEvent.keyDown(stakeBox(), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Bet slip' })).toBeNull();
    expect(useBetSlip.getState().selection).toBeNull();
  });

  it('asks a guest to log in instead of placing', async () => {
    resetSessionStore();
    localStorage.clear();
    serve(() => jsonResponse(okEnvelope(buildBetResult())));
    open();
    expect(
      within(slip()).getByRole('link', { name: 'Log in to place bets' }).getAttribute('href'),
    ).toBe('/auth/login?to=%2Fmarkets%2F101%2Fext-101');
    expect(within(slip()).queryByRole('button', { name: 'Place bet' })).toBeNull();
  });

  it('reads in Hindi, a fancy session’s runs and rate included', async () => {
    const seen = serve(() =>
      jsonResponse(
        okEnvelope(
          buildBetResult({
            marketId: '1.103',
            marketName: '6 Over Runs MI',
            marketType: 'FANCY',
            line: 84.5,
            runnerName: 'Yes',
            side: 'LAY',
            price: 2,
            averagePrice: 2,
            stake: 1000,
            matchedStake: 1000,
          }),
        ),
      ),
    );
    await act(() => chooseLanguage('hi'));
    open({
      marketId: '1.103',
      marketName: '6 Over Runs MI',
      marketType: 'FANCY',
      line: 84.5,
      runnerName: 'Yes',
      side: 'LAY',
      price: 2,
      fillOrKill: true,
    });

    const shown = screen.getByRole('dialog', { name: 'बेट स्लिप' });
    expect(within(shown).getByRole('heading', { level: 2 }).textContent).toBe('बेट स्लिप');
    expect(within(shown).getByText('नो')).toBeTruthy();
    expect(within(shown).getByText('85 रन')).toBeTruthy();
    expect((within(shown).getByLabelText('रेट') as HTMLInputElement).value).toBe('100');
    expect(within(shown).getByRole('button', { name: 'बेट स्लिप बंद करें' })).toBeTruthy();
    expect((await within(shown).findByTestId('bet-limits')).textContent).toBe(
      'स्टेक 100.00 से 50,000.00 · लायबिलिटी 1,00,000.00 तक · शुद्ध जीत पर 2% कमीशन',
    );

    fireEvent.change(within(shown).getByLabelText('स्टेक'), { target: { value: '50' } });
    expect(within(shown).getByRole('alert').textContent).toBe(
      'स्टेक इस मार्केट के न्यूनतम से कम है। न्यूनतम 100.00 है।',
    );
    const oneK = within(shown).getByRole('button', { name: '1k' });
    expect(oneK.getAttribute('title')).toBe('स्टेक ₹1,000.00');
    fireEvent.click(oneK);
    fireEvent.click(within(shown).getByRole('button', { name: 'बेट लगाएँ' }));
    const confirm = within(shown).getByRole('group', { name: 'अपनी बेट कन्फ़र्म करें' });
    expect(confirm.textContent).toContain('आप ₹1,000.00 जीतने के लिए ₹1,000.00 का जोखिम ले रहे हैं।');
    await act(async () =>
      fireEvent.click(within(confirm).getByRole('button', { name: 'बेट कन्फ़र्म करें' })),
    );

    expect((await screen.findByTestId('toast')).textContent).toBe(
      'बेट मैच हुई: नो 6 Over Runs MI 85 ₹1,000.00, रेट 100 पर।',
    );
    expect(placeCalls(seen)[0]?.json).toMatchObject({ marketId: '1.103', side: 'LAY', price: 2 });
  });
});
