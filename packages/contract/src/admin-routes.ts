/**
 * Every call of the operator back office, by name: the server registers a handler for each
 * (a test fails on one without), and the permission-matrix test walks this table.
 */
import * as adminCalls from './admin-calls';
import type { AdminRoute } from './admin-calls';

export const ADMIN_ROUTES = {
  signIn: adminCalls.signInRoute,
  signOut: adminCalls.signOutRoute,
  me: adminCalls.meRoute,
  mySessions: adminCalls.mySessionsRoute,
  enrolment: adminCalls.enrolmentRoute,
  completeEnrolment: adminCalls.completeEnrolmentRoute,
  operators: adminCalls.operatorsRoute,
  createOperator: adminCalls.createOperatorRoute,
  updateOperator: adminCalls.updateOperatorRoute,
  resetEnrolment: adminCalls.resetEnrolmentRoute,
  revokeOperatorSessions: adminCalls.revokeOperatorSessionsRoute,
  auditLog: adminCalls.auditLogRoute,
  searchPlayers: adminCalls.searchPlayersRoute,
  playerDetail: adminCalls.playerDetailRoute,
  lockPlayer: adminCalls.lockPlayerRoute,
  setPlayerLimits: adminCalls.setPlayerLimitsRoute,
  forcePasswordReset: adminCalls.forcePasswordResetRoute,
  addPlayerNote: adminCalls.addPlayerNoteRoute,
  markets: adminCalls.marketsRoute,
  marketBook: adminCalls.marketBookRoute,
  suspendMarket: adminCalls.suspendMarketRoute,
  resumeMarket: adminCalls.resumeMarketRoute,
  settleMarket: adminCalls.settleMarketRoute,
  voidMarket: adminCalls.voidMarketRoute,
  correctSettlement: adminCalls.correctSettlementRoute,
  dashboard: adminCalls.dashboardRoute,
  online: adminCalls.onlineRoute,
  brands: adminCalls.brandsRoute,
  brand: adminCalls.brandRoute,
  brandVersions: adminCalls.brandVersionsRoute,
  createBrand: adminCalls.createBrandRoute,
  updateBrand: adminCalls.updateBrandRoute,
  uploadBrandAsset: adminCalls.uploadBrandAssetRoute,
  bettingDefaults: adminCalls.bettingDefaultsRoute,
  updateBettingDefaults: adminCalls.updateBettingDefaultsRoute,
  paymentQueue: adminCalls.paymentQueueRoute,
  paymentSlip: adminCalls.paymentSlipRoute,
  decideDeposit: adminCalls.decideDepositRoute,
  decideWithdrawal: adminCalls.decideWithdrawalRoute,
  paymentSettings: adminCalls.paymentSettingsRoute,
  updatePaymentSettings: adminCalls.updatePaymentSettingsRoute,
  adjustments: adminCalls.adjustmentsRoute,
  createAdjustment: adminCalls.createAdjustmentRoute,
  decideAdjustment: adminCalls.decideAdjustmentRoute,
} as const satisfies Record<string, AdminRoute>;

export type AdminRouteName = keyof typeof ADMIN_ROUTES;
