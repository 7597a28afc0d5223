import { marketOddsMessage } from '@backlay/contract/hub';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../session/session-end';
import { restoreSession, storeTokens } from '../session/session-store';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { fakeBuilder, FakeHubConnection } from '../test/fake-hub-connection';
import type { MarketUpdate } from './market-updates';
import { connectRealtime } from './realtime';
import { useMarketUpdates } from './use-market-updates';

let connection: FakeHubConnection;
let builds: number;
let disconnect: (() => Promise<void>) | null;

function connect() {
  disconnect = connectRealtime({
    queryClient: new QueryClient(),
    describeClient: () => ({ browser: 'test', domain: 'test', currentPage: '/inplay' }),
    createBuilder: () => {
      builds += 1;
      return fakeBuilder(connection);
    },
  });
}

const logIn = (accessToken = 'token-1') =>
  storeTokens({ accessToken, refreshToken: 'refresh-1', expireInSeconds: 1800 });

beforeEach(() => {
  connection = new FakeHubConnection();
  builds = 0;
  disconnect = null;
});

afterEach(async () => {
  await disconnect?.();
});

describe('the connection follows the session', () => {
  it('stays away from a guest: nothing is loaded or built', async () => {
    connect();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(builds).toBe(0);
    expect(connection.starts).toBe(0);
  });

  it('connects on login and registers with the token, stops on logout', async () => {
    connect();
    logIn();
    await waitFor(() => expect(connection.state).toBe('Connected'));
    await waitFor(() =>
      expect(connection.calls('RegisterClient')).toEqual([
        [{ Browser: 'test', Domain: 'test', CurrentPage: '/inplay', Token: 'token-1' }],
      ]),
    );

    logout();
    await waitFor(() => expect(connection.state).toBe('Disconnected'));
    expect(connection.stops).toBe(1);

    logIn('token-2');
    await waitFor(() => expect(connection.calls('RegisterClient')).toHaveLength(2));
    expect(connection.calls('RegisterClient')[1]?.[0]).toMatchObject({ Token: 'token-2' });
    expect(connection.starts).toBe(2);
    expect(builds).toBe(1);
  });

  it('connects at once on a reload with a live session', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'stored-token');
    restoreSession();
    connect();
    await waitFor(() => expect(connection.calls('RegisterClient')).toHaveLength(1));
    expect(connection.calls('RegisterClient')[0]?.[0]).toMatchObject({ Token: 'stored-token' });
  });

  it('does not restart when the token is renewed', async () => {
    connect();
    logIn('token-1');
    await waitFor(() => expect(connection.state).toBe('Connected'));
    logIn('token-renewed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(connection.starts).toBe(1);
    expect(connection.stops).toBe(0);
  });
});

describe('useMarketUpdates', () => {
  const odds = (MarketId: string) => ({
    MarketId,
    Runners: [{ RunnerId: 1, Back: [{ Price: 2, Size: 10 }], Lay: [] }],
    PublishedAt: 5,
  });

  it('watches while mounted, hands over only its markets, and unwatches on unmount', async () => {
    connect();
    logIn();
    await waitFor(() => expect(connection.state).toBe('Connected'));
    const seen: MarketUpdate[] = [];

    const { unmount } = renderHook(() => useMarketUpdates(['1.101'], (u) => seen.push(u)));
    await waitFor(() => expect(connection.calls('WatchMarkets')).toEqual([[['1.101']]]));

    act(() => {
      connection.push('Message', marketOddsMessage(odds('1.101')));
      connection.push('Message', marketOddsMessage(odds('1.999')));
    });
    expect(seen).toEqual([{ code: 'MarketOdds', data: odds('1.101') }]);

    unmount();
    await waitFor(() => expect(connection.calls('UnwatchMarkets')).toEqual([[['1.101']]]));
    act(() => connection.push('Message', marketOddsMessage(odds('1.101'))));
    expect(seen).toHaveLength(1);
  });

  it('re-sends what it watches after a reconnect', async () => {
    connect();
    logIn();
    await waitFor(() => expect(connection.state).toBe('Connected'));
    renderHook(() => useMarketUpdates(['1.101', '1.102'], vi.fn()));
    await waitFor(() => expect(connection.calls('WatchMarkets')).toHaveLength(1));

    connection.loseConnection();
    connection.restoreConnection();

    await waitFor(() =>
      expect(connection.calls('WatchMarkets')).toEqual([
        [['1.101', '1.102']],
        [['1.101', '1.102']],
      ]),
    );
  });
});
