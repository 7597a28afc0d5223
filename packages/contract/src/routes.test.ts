import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_STAKES, loginResultSchema } from './account';
import { placeBetRoute } from './bet-calls';
import { API_ROUTES, apiPath, listApiRoutes, noInputSchema, showsLoader } from './routes';

/** Every call spec §7 names with its path, as `METHOD path`. */
const SPEC_CALLS = [
  'POST Account/Authenticate',
  'GET Account/LoginAsDemoUser',
  'POST v1/token/token',
  'POST Account/Register',
  'POST Account/VerificationUser',
  'POST Account/ResendVerificationCode',
  'POST Account/GetAccessTokenValidateTime',
  'GET Account/RefreshToken',
  'GET setting/GetSettingExpiry',
  'POST UserStake/Add',
  'POST Account/GetUserLoginAttempts',
  'GET event/GetBySportName',
  'GET Event/TreeSportWithEvent',
  'GET Market/GetByEventId',
  'GET Odds/GetUserOddsV2',
  'GET Event/Closest',
  'POST Bet/PlaceBetV2',
  'GET Bet/GetUserExpectedProfitLoss',
  'GET Bet/GetUserOpenBets',
  'GET services/app/Sport/GetScoreCard',
  'POST Bet/GetUserBetHistory',
  'GET Transaction/GetHistory',
  'GET Transaction/GetDetail',
  'GET Setting/GetSetting',
  'POST Setting/StoreImage',
  'POST DepositWithdrawal/CreateRequestForDepositWithdrawal',
  'POST Payment/Generate',
  'POST Payment/Check',
  'GET InternationalCasino/GetGames',
  'POST DepositWithdrawal/PlayerRequests',
  'POST DepositWithdrawal/GetDepositWithdrawals',
  'GET Odds/GetUserLimits',
  'POST Account/changePassword',
  'GET Bonus/GetBonuses',
  'GET Bonus/Claim',
  'GET Account/GetPaymentInfo',
  'POST DepositWithdrawal/CreateWithdrawal',
  'POST DepositWithdrawal/CreateDeposit',
  'GET DepositWithdrawal/GetUserWithdrawalHistory',
];

/** Spec §6: the calls made without the auth header. */
const NO_AUTH = [
  'authenticate',
  'register',
  'verifyUser',
  'resendVerificationCode',
  'accessTokenValidateTime',
  'refreshToken',
  'settingExpiry',
] as const;

/** Spec §4: the calls that do not show the loading indicator. */
const NO_LOADER = [
  'authenticate',
  'loginAsDemoUser',
  'userOdds',
  'sportTree',
  'expectedProfitLoss',
  'openBets',
  'placeBet',
  // Cash out is a quote that follows the odds and a placement of bets: neither shows it.
  'cashOutQuote',
  'cashOut',
  'userLimits',
  'internationalGames',
  'casinoGrid', // the casino grid is a games listing too
  'scoreCard',
  'videoLink',
  'tvStream',
  'scoreSession',
  'clientIp',
  'storeImage',
] as const;

describe('the API route table', () => {
  it('holds every call the spec names, with its method and path', () => {
    const table = new Set(listApiRoutes().map(([, r]) => `${r.method} ${r.path}`));
    for (const call of SPEC_CALLS) expect(table.has(call), call).toBe(true);
  });

  it('marks only the paths the spec leaves unnamed as chosen here', () => {
    for (const [name, r] of listApiRoutes()) {
      const named = SPEC_CALLS.includes(`${r.method} ${r.path}`);
      expect(Boolean(r.pathChosenHere), name).toBe(!named);
    }
  });

  it('has no path twice', () => {
    const keys = listApiRoutes().map(([, r]) => `${r.method} ${r.path.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends no bearer on the calls of spec §6', () => {
    for (const name of NO_AUTH) expect(API_ROUTES[name].auth, name).toBe('none');
  });

  it('shows the loading indicator on every call except the exclusions of spec §4', () => {
    const excluded = new Set<string>(NO_LOADER);
    for (const [name, r] of listApiRoutes()) expect(r.loader, name).toBe(!excluded.has(name));
  });

  it('decides the loader from a request path, ignoring case, prefix and query', () => {
    expect(showsLoader('/api/Odds/GetUserOddsV2?marketId=1')).toBe(false);
    expect(showsLoader('api/event/getbysportname')).toBe(true);
    expect(showsLoader('Bet/PlaceBetV2')).toBe(false);
    expect(showsLoader('/api/Unknown/Call')).toBe(true);
  });

  it('serves every call under /api/', () => {
    expect(apiPath(API_ROUTES.oauthToken)).toBe('/api/v1/token/token');
    expect(apiPath(API_ROUTES.scoreCard)).toBe('/api/services/app/Sport/GetScoreCard');
  });

  it('gives every call a request and a response schema', () => {
    for (const [name, r] of listApiRoutes()) {
      expect(r.request, name).toBeInstanceOf(z.ZodType);
      expect(r.response, name).toBeInstanceOf(z.ZodType);
    }
  });

  it('reads a POST body and a GET query unless an entry says both', () => {
    for (const [name, r] of listApiRoutes()) {
      if (r.requestIn) expect(r.method, name).toBe('POST');
    }
  });

  it('carries the schemas the modules of each area export, not copies of them', () => {
    expect(API_ROUTES.authenticate.response).toBe(loginResultSchema);
    expect(API_ROUTES.placeBet).toBe(placeBetRoute);
    expect(API_ROUTES.sportTree.request).toBe(noInputSchema);
  });

  it('parses good requests and answers of a few calls with their schemas', () => {
    const login = {
      accessToken: 'a.b.c',
      refreshToken: 'r'.repeat(32),
      expireInSeconds: 3600,
      userIp: '127.0.0.1',
      stakes: DEFAULT_STAKES,
      casinoToken: 'casino',
      domain: 'test',
      userName: 'Demo',
    };
    expect(API_ROUTES.authenticate.response.parse(login)).toEqual(login);
    expect(
      API_ROUTES.authenticate.request.parse({ userNameOrEmailAddress: 'ravi', password: 'x' }),
    ).toEqual({ userNameOrEmailAddress: 'ravi', password: 'x' });
    expect(
      API_ROUTES.placeBet.request.parse({
        marketId: '1.234',
        runnerId: 1,
        side: 'BACK',
        price: 1.5,
        stake: 100,
        idempotencyKey: 'slip-0001',
      }),
    ).toMatchObject({ marketId: '1.234', stake: 100 });
    expect(API_ROUTES.userLimits.request.parse({ marketId: '1.99' })).toEqual({
      marketId: '1.99',
    });
    expect(API_ROUTES.userLoginAttempts.request.parse({ MaxResultCount: '5' })).toEqual({
      MaxResultCount: 5,
      SkipCount: 0,
    });
    expect(API_ROUTES.launchMac.response.parse({ url: 'https://games.example/1' })).toEqual({
      url: 'https://games.example/1',
    });
    expect(API_ROUTES.sportTree.response.parse([])).toEqual([]);
    expect(API_ROUTES.loginAsDemoUser.request.parse({ anything: 1 })).toEqual({});
  });

  it('refuses a bad request and an answer of the wrong shape', () => {
    expect(API_ROUTES.placeBet.request.safeParse({ marketId: 'x' }).success).toBe(false);
    expect(API_ROUTES.openBets.response.safeParse({ openBets: 'none' }).success).toBe(false);
  });

  it('is imported by no other module of the contract, so a call module never pulls in the table', () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const importers = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'routes.ts')
      .filter((file) => /from '\.\/routes'/.test(fs.readFileSync(path.join(dir, file), 'utf8')));
    expect(importers).toEqual([]);
  });
});
