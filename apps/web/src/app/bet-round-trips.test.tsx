import type { BetResult } from '@backlay/contract/bets';
import { userBalanceMessage } from '@backlay/contract/hub';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBetSlip, usePlayerBets } from '../features/bets/index';
import BetSlipDock from '../features/betslip/components/bet-slip-dock';
import { buildSelection, SELECTION_LIMITS } from '../features/betslip/test/selection-fixtures';
import { createRealtimeClient } from '../shared/hub/connect-hub';
import type { HubClient } from '../shared/hub/hub-client';
import { userInfoQueryOptions, useUserInfoRefresh } from '../shared/session/user-info-query';
import { fakeBuilder, FakeHubConnection } from '../shared/test/fake-hub-connection';
import { buildUserInfoResult, jsonResponse, okEnvelope } from '../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../shared/test/render-page';
import {
  buildBetResult,
  buildExpectedProfitLoss,
  buildOpenBets,
  logInPlayer,
} from '../shared/test/sports-fixtures';

/*
 * What one bet costs in requests, with the shell's queries mounted and the real-time
 * connection up: the placement itself, then open bets and expected profit and loss read
 * once, whether the hub's balance push arrives after the answer, before it, or with others.
 */

const ANSWER: BetResult = buildBetResult({}, { balance: 9_000, exposure: 1_000, available: 8_000 });
/** The hub's `UserBalance` push of the same wallet, in minor units. */
const ECHO = userBalanceMessage(900_000, 100_000, 1);

const USER_INFO_KEY = userInfoQueryOptions().queryKey;

/** Long enough for any coalesced refresh to have started and finished. */
const SETTLE_MS = 400;

/** The header's and the layout's queries, with the bet slip beside them. */
function Shell() {
  useUserInfoRefresh();
  usePlayerBets();
  return <BetSlipDock />;
}

let connection: FakeHubConnection;
let client: HubClient | null = null;
/** The header's balance each time open bets were read. */
let balanceAtOpenBetsReads: (number | undefined)[];

type PlaceAnswer = (request: SeenRequest) => Response | Promise<Response>;

async function openShell(placeBet: PlaceAnswer = () => jsonResponse(okEnvelope(ANSWER))) {
  // The server's wallet: as the user info has it before the bet, as the answer says after.
  let wallet = { balance: 10_000, exposure: 0 };
  const seen = serveApi({
    'Odds/GetUserLimits': () => jsonResponse(okEnvelope(SELECTION_LIMITS)),
    'Bet/PlaceBetV2': (request) => {
      wallet = { balance: ANSWER.balance, exposure: ANSWER.exposure };
      return placeBet(request);
    },
    'Bet/GetUserOpenBets': () => {
      balanceAtOpenBetsReads.push(queryClient.getQueryData(USER_INFO_KEY)?.balance);
      return jsonResponse(okEnvelope(buildOpenBets([], wallet)));
    },
    'Bet/GetUserExpectedProfitLoss': () =>
      jsonResponse(okEnvelope(buildExpectedProfitLoss('1.101', { 1: 850, 2: -1000 }))),
    'Setting/GetSetting': () => jsonResponse(okEnvelope(buildUserInfoResult(wallet))),
  });
  act(() => useBetSlip.getState().open(buildSelection()));
  const { queryClient } = renderPage(Shell, {
    path: '/markets/:eventid?/:dreamEventId',
    url: '/markets/101/ext-101',
  });
  client = createRealtimeClient({
    queryClient,
    describeClient: () => ({ browser: 'test', domain: 'test', currentPage: '/' }),
    createBuilder: () => fakeBuilder(connection),
  });
  await client.start();
  await screen.findByTestId('bet-limits');
  await waitFor(() => {
    expect(count(seen, 'Bet/GetUserOpenBets')).toBe(1);
    expect(count(seen, 'Bet/GetUserExpectedProfitLoss')).toBe(1);
    expect(count(seen, 'Setting/GetSetting')).toBe(1);
  });
  return { seen, queryClient };
}

function count(seen: SeenRequest[], path: string): number {
  return seen.filter((r) => r.url.pathname === `/api/${path}`).length;
}

/** The requests made from `from` on, counted by API path. */
function requestsSince(seen: SeenRequest[], from: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of seen.slice(from)) {
    const path = request.url.pathname.replace(/^\/api\//, '');
    counts[path] = (counts[path] ?? 0) + 1;
  }
  return counts;
}

const slip = () => screen.getByRole('dialog', { name: 'Bet slip' });
const click = (name: string) => fireEvent.click(within(slip()).getByRole('button', { name }));

/** Places a ₹1,000 back and waits for the slip to close on the answer. */
async function placeBet() {
  fireEvent.change(within(slip()).getByLabelText('Stake'), { target: { value: '1000' } });
  click('Place bet');
  await act(async () => click('Confirm bet'));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bet slip' })).toBeNull());
}

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, SETTLE_MS)));

/** The requests from `from` on come to `expected`, and no more follow. */
async function expectRequests(seen: SeenRequest[], from: number, expected: Record<string, number>) {
  await waitFor(() => expect(requestsSince(seen, from)).toEqual(expected));
  await settle();
  expect(requestsSince(seen, from)).toEqual(expected);
}

/** One placement: itself, one read of open bets, one of expected P&L, none of the user info. */
const ONE_PLACEMENT = {
  'Bet/PlaceBetV2': 1,
  'Bet/GetUserOpenBets': 1,
  'Bet/GetUserExpectedProfitLoss': 1,
};

beforeEach(() => {
  balanceAtOpenBetsReads = [];
  logInPlayer();
  connection = new FakeHubConnection();
});
afterEach(async () => {
  await client?.stop();
  client = null;
  act(() => useBetSlip.getState().close());
  vi.unstubAllGlobals();
});

describe('the requests of one placement', () => {
  it('are the placement and one read each of open bets and P&L when the push follows the answer', async () => {
    const { seen, queryClient } = await openShell();
    const from = seen.length;

    await placeBet();
    // The header showed the answer's wallet at once, before open bets were read again.
    expect(balanceAtOpenBetsReads.at(-1)).toBe(9_000);
    expect(queryClient.getQueryData(USER_INFO_KEY)).toMatchObject({
      balance: 9_000,
      exposure: 1_000,
    });
    act(() => connection.push('Message', ECHO));
    await expectRequests(seen, from, ONE_PLACEMENT);
  });

  it('are the same when the push arrives before the answer', async () => {
    const { seen } = await openShell(() => {
      connection.push('Message', ECHO);
      return jsonResponse(okEnvelope(ANSWER));
    });
    const from = seen.length;

    await placeBet();
    await expectRequests(seen, from, ONE_PLACEMENT);
  });

  it('are the same when no push follows the answer', async () => {
    const { seen } = await openShell();
    const from = seen.length;

    await placeBet();
    await expectRequests(seen, from, ONE_PLACEMENT);
  });

  it('read open bets and P&L once for a burst of pushes arriving together', async () => {
    const { seen, queryClient } = await openShell();
    const from = seen.length;

    act(() => {
      connection.push('Message', userBalanceMessage(990_000, 10_000, 1));
      connection.push('Message', userBalanceMessage(980_000, 20_000, 2));
      connection.push('Message', userBalanceMessage(970_000, 30_000, 3));
    });
    expect(queryClient.getQueryData(USER_INFO_KEY)).toMatchObject({
      balance: 9_700,
      exposure: 300,
    });
    await expectRequests(seen, from, {
      'Bet/GetUserOpenBets': 1,
      'Bet/GetUserExpectedProfitLoss': 1,
    });
  });
});
