/**
 * The route table of every API call the player client makes (product spec §7).
 * The server registers its handlers against it and the client types its calls from it,
 * so a call cannot exist on one side only without a test saying so.
 */

export type HttpMethod = 'GET' | 'POST';

/**
 * Whether the call sends the bearer token: `none` never (spec §6 lists these),
 * `optional` when one is stored, `required` for players only.
 */
export type AuthMode = 'none' | 'optional' | 'required';

export interface ApiRoute {
  method: HttpMethod;
  /** Path under `/api/`, without a leading slash, spelled as the spec spells it. */
  path: string;
  auth: AuthMode;
  /** Whether the global loading indicator shows while the call runs (spec §4). */
  loader: boolean;
  /** True where the spec leaves the path unnamed and this project chose it. */
  pathChosenHere?: true;
  /**
   * True for calls that start something new (a session, an account, a bet): a suspended brand
   * refuses them with SITE_SUSPENDED, while reading and winding down (cancels) go on.
   */
  closedWhenSuspended?: true;
}

const route = (
  method: HttpMethod,
  path: string,
  auth: AuthMode,
  loader: boolean,
  pathChosenHere?: true,
): ApiRoute =>
  pathChosenHere ? { method, path, auth, loader, pathChosenHere } : { method, path, auth, loader };

/** Marks a call that a suspended brand refuses. */
const opening = (apiRoute: ApiRoute): ApiRoute => ({ ...apiRoute, closedWhenSuspended: true });

export const API_ROUTES = {
  // Account and session
  authenticate: opening(route('POST', 'Account/Authenticate', 'none', false)),
  loginAsDemoUser: opening(route('GET', 'Account/LoginAsDemoUser', 'none', false)),
  oauthToken: opening(route('POST', 'v1/token/token', 'none', true)),
  register: opening(route('POST', 'Account/Register', 'none', true)),
  verifyUser: opening(route('POST', 'Account/VerificationUser', 'none', true)),
  resendVerificationCode: opening(route('POST', 'Account/ResendVerificationCode', 'none', true)),
  accessTokenValidateTime: route('POST', 'Account/GetAccessTokenValidateTime', 'none', true),
  refreshToken: route('GET', 'Account/RefreshToken', 'none', true),
  settingExpiry: route('GET', 'setting/GetSettingExpiry', 'none', true),
  changePassword: route('POST', 'Account/changePassword', 'required', true),
  userLoginAttempts: route('POST', 'Account/GetUserLoginAttempts', 'required', true),
  saveStakes: route('POST', 'UserStake/Add', 'required', true),
  userStakes: route('GET', 'UserStake/Get', 'required', true, true),
  activityLog: route('GET', 'Account/GetActivityLog', 'required', true, true),
  topUpDemoBalance: opening(route('POST', 'Account/TopUpDemoBalance', 'required', true, true)),
  clientIp: route('GET', 'Account/GetClientIp', 'optional', false, true),

  // Sports, markets, odds and bets
  eventsBySportName: route('GET', 'event/GetBySportName', 'optional', true),
  sportTree: route('GET', 'Event/TreeSportWithEvent', 'optional', false),
  marketsByEvent: route('GET', 'Market/GetByEventId', 'required', true),
  userOdds: route('GET', 'Odds/GetUserOddsV2', 'optional', false),
  closestEvents: route('GET', 'Event/Closest', 'optional', true),
  placeBet: opening(route('POST', 'Bet/PlaceBetV2', 'required', false)),
  cancelBet: route('POST', 'Bet/CancelBet', 'required', true, true),
  expectedProfitLoss: route('GET', 'Bet/GetUserExpectedProfitLoss', 'required', false),
  openBets: route('GET', 'Bet/GetUserOpenBets', 'required', false),
  betHistory: route('POST', 'Bet/GetUserBetHistory', 'required', true),
  profitLoss: route('POST', 'Bet/GetUserProfitLoss', 'required', true, true),
  userLimits: route('GET', 'Odds/GetUserLimits', 'required', false),
  scoreCard: route('GET', 'services/app/Sport/GetScoreCard', 'optional', false),
  scoreSession: route('GET', 'services/app/Sport/GetScoreSession', 'optional', false, true),
  videoLink: route('GET', 'services/app/Sport/GetVideoLink', 'optional', false, true),
  tvStream: route('POST', 'Tv/GetStream', 'optional', false, true),

  // Account history and settings
  transactionHistory: route('GET', 'Transaction/GetHistory', 'required', true),
  transactionDetail: route('GET', 'Transaction/GetDetail', 'required', true),
  userSetting: route('GET', 'Setting/GetSetting', 'required', true),
  storeImage: route('POST', 'Setting/StoreImage', 'required', false),

  // Deposits, withdrawals and payments
  createDepositWithdrawalRequest: route(
    'POST',
    'DepositWithdrawal/CreateRequestForDepositWithdrawal',
    'required',
    true,
  ),
  playerRequests: route('POST', 'DepositWithdrawal/PlayerRequests', 'required', true),
  depositWithdrawals: route('POST', 'DepositWithdrawal/GetDepositWithdrawals', 'required', true),
  createWithdrawal: route('POST', 'DepositWithdrawal/CreateWithdrawal', 'required', true),
  createDeposit: route('POST', 'DepositWithdrawal/CreateDeposit', 'required', true),
  withdrawalHistory: route('GET', 'DepositWithdrawal/GetUserWithdrawalHistory', 'required', true),
  paymentInfo: route('GET', 'Account/GetPaymentInfo', 'required', true),
  paymentGenerate: route('POST', 'Payment/Generate', 'required', true),
  paymentCheck: route('POST', 'Payment/Check', 'required', true),
  upiCreate: route('POST', 'Payment/UpiCreate', 'required', true, true),
  upiCheck: route('POST', 'Payment/UpiCheck', 'required', true, true),

  // Casino
  internationalGames: route('GET', 'InternationalCasino/GetGames', 'optional', false),
  casinoGrid: route('GET', 'Casino/GetGrid', 'optional', false, true),
  launchDream: route('POST', 'Casino/LaunchDream', 'required', true, true),
  launchKing: route('POST', 'Casino/LaunchKing', 'required', true, true),
  launchMac: route('POST', 'Casino/LaunchMac', 'required', true, true),
  dreamCasinoUrl: route('GET', 'Casino/GetDreamUrl', 'required', true, true),

  // Bonuses
  bonuses: route('GET', 'Bonus/GetBonuses', 'required', true),
  claimBonus: route('GET', 'Bonus/Claim', 'required', true),
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** Every contract route as `[name, route]` pairs. */
export function listApiRoutes(): [ApiRouteName, ApiRoute][] {
  return Object.entries(API_ROUTES) as [ApiRouteName, ApiRoute][];
}

/** The URL path a route is served on. */
export function apiPath(route: ApiRoute): string {
  return `/api/${route.path}`;
}

/** Whether a request to this path would show the loading indicator (spec §4). */
export function showsLoader(path: string): boolean {
  const normalised =
    path
      .replace(/^\/?api\//i, '')
      .replace(/^\//, '')
      .split('?')[0] ?? '';
  const match = Object.values(API_ROUTES).find(
    (r) => r.path.toLowerCase() === normalised.toLowerCase(),
  );
  return match ? match.loader : true;
}

/** Hub methods the client invokes (spec §3, §4). */
export const HUB_METHODS = {
  registerClient: 'RegisterClient',
  sendHeartbeat: 'SendHeartbeat',
} as const;

/** The hub's path on the one origin. */
export const HUB_PATH = '/hubs/main';
