import { describe, expect, it } from 'vitest';
import {
  HUB_MESSAGE_CODES,
  HUB_PATH,
  HUB_SERVER_METHODS,
  HUB_TIMINGS,
  heartbeatSchema,
  marketIdsSchema,
  marketOddsMessage,
  marketStatusMessage,
  parseHubMessage,
  registerClientSchema,
  rupeesJson,
  userBalanceMessage,
} from './hub';

const registration = {
  Browser: 'Mozilla/5.0',
  Domain: '99exch.com',
  CurrentPage: '/matchlist/3',
  Token: 'eyJ.token.sig',
};

describe('the hub contract', () => {
  it('names the spec methods and ours, on the one-origin path', () => {
    expect(HUB_PATH).toBe('/hubs/main');
    expect(HUB_SERVER_METHODS).toEqual({
      registerClient: 'RegisterClient',
      sendHeartbeat: 'SendHeartbeat',
      watchMarkets: 'WatchMarkets',
      unwatchMarkets: 'UnwatchMarkets',
    });
    expect(HUB_TIMINGS).toMatchObject({
      keepAliveIntervalMs: 15_000,
      serverTimeoutMs: 30_000,
      heartbeatIntervalMs: 20_000,
      reconnectDelaysMs: [0, 2_000, 10_000, 30_000],
    });
  });

  it('takes a registration with PascalCase fields, and a heartbeat with GroupBy', () => {
    expect(registerClientSchema.parse(registration)).toEqual(registration);
    expect(registerClientSchema.parse({ ...registration, Token: null }).Token).toBeNull();
    expect(registerClientSchema.safeParse({ ...registration, Domain: '' }).success).toBe(false);
    expect(registerClientSchema.safeParse({ browser: 'x' }).success).toBe(false);
    expect(heartbeatSchema.parse({ ...registration, GroupBy: 3 }).GroupBy).toBe(3);
    expect(heartbeatSchema.parse({ ...registration, GroupBy: 'cricket' }).GroupBy).toBe('cricket');
    expect(heartbeatSchema.safeParse({ ...registration, GroupBy: {} }).success).toBe(false);
  });

  it('takes market ids as an array of safe names', () => {
    expect(marketIdsSchema.parse(['1.2345', 'm_9:x-y'])).toEqual(['1.2345', 'm_9:x-y']);
    for (const bad of [[], ['a b'], ['-lead'], ['x'.repeat(65)], 'm1']) {
      expect(marketIdsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('writes rupees with two decimal places', () => {
    expect(rupeesJson(100_000_00)).toBe('100000.00');
    expect(rupeesJson(123_45)).toBe('123.45');
    expect(rupeesJson(5)).toBe('0.05');
    expect(rupeesJson(-250)).toBe('-2.50');
    expect(rupeesJson(0)).toBe('0.00');
    expect(() => rupeesJson(1.5)).toThrow();
  });

  it('sends UserBalance as the spec has it (Data a JSON string of Balance and Exposure), with a version', () => {
    const message = userBalanceMessage(98_765_50, 2_500_00, 17);
    expect(message).toEqual({
      Code: 'UserBalance',
      Data: '{"Balance":98765.50,"Exposure":2500.00,"Version":17}',
    });
    expect(parseHubMessage(message)).toEqual({
      code: 'UserBalance',
      data: { Balance: 98_765.5, Exposure: 2_500, Version: 17 },
    });
    expect(() => userBalanceMessage(1, 0, -1)).toThrow();
    expect(() => userBalanceMessage(1, 0, 1.5)).toThrow();
    // A push without a version (the spec's own shape) is still read.
    expect(
      parseHubMessage({ Code: 'UserBalance', Data: '{"Balance":1.00,"Exposure":0.00}' }),
    ).toEqual({ code: 'UserBalance', data: { Balance: 1, Exposure: 0 } });
  });

  it('round-trips market odds and status, and refuses bad ones', () => {
    const odds = {
      MarketId: '1.23',
      Runners: [{ RunnerId: 7, Back: [{ Price: 1.95, Size: 100 }], Lay: [] }],
      PublishedAt: 1_700_000_000_000,
    };
    expect(parseHubMessage(marketOddsMessage(odds))).toEqual({ code: 'MarketOdds', data: odds });
    const status = {
      MarketId: '1.23',
      Status: 'suspended' as const,
      InPlay: true,
      PublishedAt: 1_700_000_000_000,
    };
    expect(parseHubMessage(marketStatusMessage(status))).toEqual({
      code: HUB_MESSAGE_CODES.marketStatus,
      data: status,
    });
    expect(() =>
      marketOddsMessage({
        ...odds,
        Runners: [{ RunnerId: 7, Back: [{ Price: 1, Size: 1 }], Lay: [] }],
      }),
    ).toThrow();
    expect(() => marketStatusMessage({ ...status, Status: 'paused' as 'open' })).toThrow();
  });

  it('ignores codes it does not know and throws on broken data of known ones', () => {
    expect(parseHubMessage({ Code: 'SomethingNew', Data: '{}' })).toBeNull();
    expect(() => parseHubMessage({ Code: 'UserBalance', Data: '{"Balance":"1"}' })).toThrow();
    expect(() => parseHubMessage({ Code: 'UserBalance', Data: 'not json' })).toThrow();
    expect(() => parseHubMessage({ Code: 1 })).toThrow();
  });
});
