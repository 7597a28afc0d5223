/**
 * The account module's entry: players and their sessions (login, sign-up with a code, demo
 * accounts, tokens, stakes), their routes, and the housekeeping that keeps its tables bounded.
 */
export { createAccountService, type AccountService } from './account-service';
export { accountRoutes } from './account-routes';
export { demoFundsRoutes, DEMO_FUNDS_MINOR } from './demo-funds';
export { outboxSmsProvider, webhookSmsProvider, DEV_OUTBOX_PATH, type SmsProvider } from './sms';
export { loadTokenKey } from './token-key';
export { bettingRulesOf, findUserById, sportFlagsOf, type UserRow } from './users';
export { purgeStaleAccountData } from './account-housekeeping';
export { retireEndedDemoPlayers } from './demo-retirement';
export { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';

// A player's activity log: other modules record the changes they make to a player's account
// through it, in their own transaction (the account reads logins from its login attempts).
export { recordActivity, type ActivityOrigin, type RecordedActivity } from './activity-log';

// A player's own break from play (written by the responsible-gambling module) and the flag that
// sends their bets through the loss-limit check.
export { istTime, pauseInForce, pausePlay, setLossLimited, type PlayPauseKind } from './play-pause';

// Operators' player calls (the back office): search, profile, locks, limits, a forced password
// change, notes, login attempts and sessions. Changes run in the caller's transaction and answer
// the values before and after for its audit entry; committed changes are announced to
// `onPlayerChange` listeners (those that signed the player out say so).
export { searchPlayers, type PlayerPage, type PlayerSearch } from './player-search';
export {
  playerLimits,
  playerProfile,
  type PlayerLimits,
  type PlayerProfile,
} from './player-profile';
export {
  addPlayerNote,
  forcePasswordReset,
  playerLoginAttempts,
  playerNotes,
  playerSessions,
  setBettingLock,
  setLoginLock,
  setPlayerMaxStake,
  type LimitsChange,
  type PlayerLoginAttempt,
  type PlayerNote,
  type PlayerSession,
  type ProfileChange,
} from './player-admin';
export {
  onPlayerChange,
  sharePlayerChanges,
  type PlayerChange,
  type PlayerChangeChannel,
  type PlayerChangeListener,
} from './player-changes';
export { PASSWORD_CHANGED_CLOSE } from './account-routes';
