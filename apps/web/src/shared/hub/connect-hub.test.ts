import { marketOddsMessage, marketStatusMessage, userBalanceMessage } from '@backlay/contract/hub';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore, storeTokens, storeUserInfo } from '../session/session-store';
import { parseUserInfo, type UserInfo } from '../session/session';
import { userInfoQueryOptions } from '../session/user-info-query';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { fakeBuilder, FakeHubConnection } from '../test/fake-hub-connection';
import { buildUserInfoResult } from '../test/fixtures';
import { onBalancePush } from './balance-pushes';
import { createRealtimeClient, hubUrl } from './connect-hub';
import type { HubClient } from './hub-client';
import { hubStatusStore } from './hub-status';
import { onMarketUpdate, type MarketUpdate } from './market-updates';

const USER_INFO_KEY = userInfoQueryOptions().queryKey;

let queryClient: QueryClient;
let connection: FakeHubConnection;
let client: HubClient;
let consoleError: ReturnType<typeof vi.spyOn>;

function userInfo(overrides: Record<string, unknown> = {}): UserInfo {
  const info = parseUserInfo(buildUserInfoResult({ isDemo: true, userName: 'Demo', ...overrides }));
  if (!info) throw new Error('unparsed');
  return info;
}

beforeEach(async () => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  queryClient = new QueryClient();
  connection = new FakeHubConnection();
  storeTokens({ accessToken: 'token-1', refreshToken: 'refresh-1', expireInSeconds: 1800 });
  storeUserInfo(userInfo({ balance: 100_000, exposure: 0 }));
  queryClient.setQueryData(USER_INFO_KEY, userInfo({ balance: 100_000, exposure: 0 }));
  client = createRealtimeClient({
    queryClient,
    describeClient: () => ({ browser: 'test', domain: 'test', currentPage: '/' }),
    createBuilder: () => fakeBuilder(connection),
  });
  await client.start();
});

afterEach(async () => {
  await client.stop();
  consoleError.mockRestore();
});

describe('a UserBalance push', () => {
  it('writes the balance and exposure into the user info query data, and nothing else', () => {
    const before = queryClient.getQueryData(USER_INFO_KEY);

    connection.push('Message', { Code: 'UserBalance', Data: '{"Balance":123.45,"Exposure":10}' });

    expect(queryClient.getQueryData(USER_INFO_KEY)).toEqual({
      ...before,
      balance: 123.45,
      exposure: 10,
    });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('hands the balance to the balance listeners once the query holds it, and invalidates nothing', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const heard: unknown[] = [];
    const stop = onBalancePush((update) =>
      heard.push({ update, held: queryClient.getQueryData(USER_INFO_KEY)?.balance }),
    );

    connection.push('Message', userBalanceMessage(12_345, 500, 1));
    stop();
    connection.push('Message', userBalanceMessage(100, 0, 2));

    expect(heard).toEqual([{ update: { balance: 123.45, exposure: 5 }, held: 123.45 }]);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('never puts older figures back: a push older than one applied is dropped', () => {
    const heard: number[] = [];
    const stop = onBalancePush((update) => heard.push(update.balance));
    connection.push('Message', userBalanceMessage(300_00, 0, 7));
    connection.push('Message', userBalanceMessage(200_00, 0, 5));
    connection.push('Message', userBalanceMessage(300_00, 0, 7));
    expect(queryClient.getQueryData(USER_INFO_KEY)?.balance).toBe(300);
    connection.push('Message', userBalanceMessage(400_00, 0, 9));
    expect(queryClient.getQueryData(USER_INFO_KEY)?.balance).toBe(400);
    expect(sessionStore.getState().userInfo?.balance).toBe(400);

    // Another session's versions start again from its own.
    storeTokens({ accessToken: 'token-2', refreshToken: 'refresh-2', expireInSeconds: 1800 });
    connection.push('Message', userBalanceMessage(50_00, 0, 2));
    stop();
    expect(queryClient.getQueryData(USER_INFO_KEY)?.balance).toBe(50);
    expect(heard).toEqual([300, 400, 50]);
  });

  it('is mirrored into the stored session, keeping its stake buttons', () => {
    const stakes = [{ title: '1k', value: 1000 }];
    storeUserInfo({ ...userInfo(), stakes });

    connection.push('Message', userBalanceMessage(9_876_550, 120_000, 1));

    expect(sessionStore.getState().userInfo).toMatchObject({
      balance: 98_765.5,
      exposure: 1_200,
      stakes,
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}')).toMatchObject({
      balance: 98_765.5,
      exposure: 1_200,
    });
  });

  it('is ignored, with a logged error, when its data is not JSON', () => {
    connection.push('Message', { Code: 'UserBalance', Data: '{"Balance":12' });

    expect(queryClient.getQueryData(USER_INFO_KEY)?.balance).toBe(100_000);
    expect(consoleError).toHaveBeenCalledWith(
      'Real-time connection: A pushed message could not be read and is ignored.',
      expect.any(SyntaxError),
    );
  });

  it('is ignored, with a logged error, when its data has the wrong shape', () => {
    for (const payload of [
      { Code: 'UserBalance', Data: '{"Balance":"lots","Exposure":0}' },
      { Code: 'UserBalance', Data: '{"Balance":5}' },
      { Code: 'UserBalance', Data: { Balance: 5, Exposure: 0 } },
      { Code: 'UserBalance' },
      'UserBalance',
      null,
    ]) {
      connection.push('Message', payload);
    }

    expect(queryClient.getQueryData(USER_INFO_KEY)?.balance).toBe(100_000);
    expect(sessionStore.getState().userInfo?.balance).toBe(100_000);
    expect(consoleError).toHaveBeenCalledTimes(6);
  });

  it('does not bring user info back once the session has ended', () => {
    sessionStore.setState({ ...sessionStore.getState(), accessToken: null, userInfo: null });
    queryClient.removeQueries({ queryKey: USER_INFO_KEY });

    connection.push('Message', userBalanceMessage(100, 0, 1));

    expect(queryClient.getQueryData(USER_INFO_KEY)).toBeUndefined();
    expect(sessionStore.getState().userInfo).toBeNull();
  });
});

describe('other pushes', () => {
  it('hands market odds and status to the market listeners', () => {
    const updates: MarketUpdate[] = [];
    const stop = onMarketUpdate((update) => updates.push(update));
    const odds = {
      MarketId: '1.101',
      Runners: [{ RunnerId: 7, Back: [{ Price: 1.9, Size: 500 }], Lay: [] }],
      PublishedAt: 1,
    };
    const status = {
      MarketId: '1.101',
      Status: 'suspended',
      InPlay: true,
      PublishedAt: 2,
    } as const;

    connection.push('Message', marketOddsMessage(odds));
    connection.push('Message', marketStatusMessage(status));
    stop();
    connection.push('Message', marketStatusMessage(status));

    expect(updates).toEqual([
      { code: 'MarketOdds', data: odds },
      { code: 'MarketStatus', data: status },
    ]);
    expect(queryClient.getQueryData(USER_INFO_KEY)?.balance).toBe(100_000);
  });

  it('ignores codes it does not know, without an error', () => {
    connection.push('Message', { Code: 'SomethingNew', Data: '{}' });
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('the application client', () => {
  it('shows its state through the status store', async () => {
    expect(hubStatusStore.getState().state).toBe('connected');
    await client.stop();
    expect(hubStatusStore.getState().state).toBe('disconnected');
  });

  it('connects to the hub path on the API origin: this one, or the saved base URL’s', () => {
    expect(hubUrl('http://99exch.com')).toBe('http://99exch.com/hubs/main');
    localStorage.setItem(STORAGE_KEYS.baseUrl, '/api/');
    expect(hubUrl('http://99exch.com')).toBe('http://99exch.com/hubs/main');
    localStorage.setItem(STORAGE_KEYS.baseUrl, 'https://api.example.com/api/');
    expect(hubUrl('http://99exch.com')).toBe('https://api.example.com/hubs/main');
  });
});
