/**
 * The payments module's entry: real money in and out. A brand's payment methods and limits,
 * manual deposits proved by UTR and screenshot, withdrawals held at once and paid out by
 * finance, the player's requests and statement, and operators' adjustments. Every movement of
 * money goes through the wallet's door, one idempotent transfer per step.
 */
// The player's calls, and what they are assembled from.
export { paymentRoutes, type PaymentRoutesOptions } from './payment-routes';
export { directoryImageStore, type ImageStore } from './image-store';
export { s3ImageStore, type S3ImageStoreSettings } from './s3-image-store';
export { statementCursors, transactionHistory, type StatementCursors } from './transactions';
// What a player deposited since a time, as their own deposit limits count it.
export { depositedSince } from './deposits';

// Finance in the back office: queues, decisions, slips, settings, adjustments.
export { paymentQueue, queueItemView, type RequestRow } from './request-views';
export { decideDeposit, type DepositDecision } from './deposits';
export { decideWithdrawal, type WithdrawalDecision } from './withdrawals';
export { readStoredImage } from './stored-images';
export {
  brandsWithoutDepositMethods,
  paymentSettingsView,
  readPaymentSettings,
  savePaymentSettings,
  DEFAULT_PAYMENT_LIMITS,
  type BrandPaymentSettings,
} from './payment-settings';
export { createAdjustment, decideAdjustment, listAdjustments } from './adjustments';
// When an adjustment or a corrected deposit waits for a second operator.
export { DEFAULT_SECOND_APPROVAL, type SecondApprovalRules } from './second-approval';

// Deposits through a payment gateway (links and UPI intents), and its webhook.
export {
  configuredPaymentGateway,
  gatewayPaymentRoutes,
  inProcessFetch,
  inProcessTextFetch,
  loadGatewayCredentials,
  GATEWAY_WEBHOOK_PATH,
  IN_PROCESS_ORIGIN,
  type GatewayCredentials,
  type HttpFetch,
  type PaymentGateway,
} from './gateway';
// Gateway payments paid with another amount than asked for: finance's review and decision.
export { decideGatewayReview, gatewayReviewQueue } from './gateway';
