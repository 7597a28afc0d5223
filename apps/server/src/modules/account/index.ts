/**
 * The account module's entry: players and their sessions (login, sign-up with a code, demo
 * accounts, tokens, stakes), their routes, and the housekeeping that keeps its tables bounded.
 */
export { createAccountService, type AccountService } from './account-service';
export { accountRoutes } from './account-routes';
export { demoFundsRoutes, DEMO_FUNDS_MINOR } from './demo-funds';
export { outboxSmsProvider, webhookSmsProvider, DEV_OUTBOX_PATH, type SmsProvider } from './sms';
export { loadTokenKey } from './token-key';
export { findUserById, sportFlagsOf, type UserRow } from './users';
export { purgeStaleAccountData } from './account-housekeeping';
export { retireEndedDemoPlayers } from './demo-retirement';
