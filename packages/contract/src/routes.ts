/**
 * The route table of every API call the player client makes (product spec §7): each entry
 * carries its request and response schemas. The server registers its handlers against it and
 * parses requests with the entry's schema; the client's calls parse answers with it, so a call
 * cannot exist on one side only, or differ between them, without a test saying so.
 *
 * Each entry is exported on its own from a `*-calls` module, and the client imports entries
 * from there, never this table: the table holds every schema, and a page should download the
 * schemas of the calls it makes only.
 */
import * as accountCalls from './account-calls';
import * as betCalls from './bet-calls';
import * as bettingRulesCalls from './betting-rules-calls';
import * as bonusCalls from './bonus-calls';
import * as cashOutCalls from './cash-out-calls';
import * as casinoCalls from './casino-calls';
import * as profileCalls from './profile-calls';
import * as responsibleGamblingCalls from './responsible-gambling-calls';
import type { ApiRoute } from './route-entry';
import * as sportCalls from './sport-calls';
import * as walletCalls from './wallet-calls';

export { apiPath, HUB_METHODS, HUB_PATH, noInputSchema } from './route-entry';
export type {
  ApiRoute,
  AuthMode,
  HttpMethod,
  RouteInput,
  RouteRequest,
  RouteResult,
} from './route-entry';

/** Every call, by name. */
export const API_ROUTES = {
  // Account and session
  authenticate: accountCalls.authenticateRoute,
  loginAsDemoUser: accountCalls.loginAsDemoUserRoute,
  oauthToken: accountCalls.oauthTokenRoute,
  register: accountCalls.registerRoute,
  verifyUser: accountCalls.verifyUserRoute,
  resendVerificationCode: accountCalls.resendVerificationCodeRoute,
  accessTokenValidateTime: accountCalls.accessTokenValidateTimeRoute,
  refreshToken: accountCalls.refreshTokenRoute,
  settingExpiry: accountCalls.settingExpiryRoute,
  changePassword: accountCalls.changePasswordRoute,
  userLoginAttempts: accountCalls.userLoginAttemptsRoute,
  saveStakes: accountCalls.saveStakesRoute,
  userStakes: accountCalls.userStakesRoute,
  activityLog: profileCalls.activityLogRoute,
  topUpDemoBalance: walletCalls.topUpDemoBalanceRoute,
  clientIp: profileCalls.clientIpRoute,

  // Sports, markets, odds and bets
  eventsBySportName: sportCalls.eventsBySportNameRoute,
  sportTree: sportCalls.sportTreeRoute,
  marketsByEvent: sportCalls.marketsByEventRoute,
  userOdds: sportCalls.userOddsRoute,
  closestEvents: sportCalls.closestEventsRoute,
  placeBet: betCalls.placeBetRoute,
  cancelBet: betCalls.cancelBetRoute,
  expectedProfitLoss: betCalls.expectedProfitLossRoute,
  openBets: betCalls.openBetsRoute,
  betHistory: betCalls.betHistoryRoute,
  profitLoss: betCalls.profitLossRoute,
  cashOutQuote: cashOutCalls.cashOutQuoteRoute,
  cashOut: cashOutCalls.cashOutRoute,
  userLimits: sportCalls.userLimitsRoute,
  bettingRules: bettingRulesCalls.bettingRulesRoute,
  scoreCard: sportCalls.scoreCardRoute,
  scoreSession: sportCalls.scoreSessionRoute,
  videoLink: sportCalls.videoLinkRoute,
  tvStream: sportCalls.tvStreamRoute,

  // Account history and settings
  transactionHistory: walletCalls.transactionHistoryRoute,
  transactionDetail: walletCalls.transactionDetailRoute,
  userSetting: accountCalls.userSettingRoute,
  storeImage: profileCalls.storeImageRoute,
  getImage: profileCalls.getImageRoute,

  // Deposits, withdrawals and payments
  createDepositWithdrawalRequest: walletCalls.createDepositWithdrawalRequestRoute,
  playerRequests: walletCalls.playerRequestsRoute,
  depositWithdrawals: walletCalls.depositWithdrawalsRoute,
  createWithdrawal: walletCalls.createWithdrawalRoute,
  createDeposit: walletCalls.createDepositRoute,
  withdrawalHistory: walletCalls.withdrawalHistoryRoute,
  cancelWithdrawal: walletCalls.cancelWithdrawalRoute,
  addWithdrawalAccount: walletCalls.addWithdrawalAccountRoute,
  removeWithdrawalAccount: walletCalls.removeWithdrawalAccountRoute,
  paymentInfo: walletCalls.paymentInfoRoute,
  paymentGenerate: walletCalls.paymentGenerateRoute,
  paymentCheck: walletCalls.paymentCheckRoute,
  upiCreate: walletCalls.upiCreateRoute,
  upiCheck: walletCalls.upiCheckRoute,

  // Responsible gambling: the player's own limits, a time-out, self-exclusion
  gamblingSettings: responsibleGamblingCalls.gamblingSettingsRoute,
  setGamblingLimits: responsibleGamblingCalls.setGamblingLimitsRoute,
  takeTimeOut: responsibleGamblingCalls.takeTimeOutRoute,
  selfExclude: responsibleGamblingCalls.selfExcludeRoute,

  // Casino
  internationalGames: casinoCalls.internationalGamesRoute,
  casinoGrid: casinoCalls.casinoGridRoute,
  launchDream: casinoCalls.launchDreamRoute,
  launchKing: casinoCalls.launchKingRoute,
  launchMac: casinoCalls.launchMacRoute,
  dreamCasinoUrl: casinoCalls.dreamCasinoUrlRoute,
  casinoRounds: casinoCalls.casinoRoundsRoute,
  casinoProfitLoss: casinoCalls.casinoProfitLossRoute,

  // Bonuses
  bonuses: bonusCalls.bonusesRoute,
  claimBonus: bonusCalls.claimBonusRoute,
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** Every contract route as `[name, route]` pairs. */
export function listApiRoutes(): [ApiRouteName, ApiRoute][] {
  return Object.entries(API_ROUTES) as [ApiRouteName, ApiRoute][];
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
