/**
 * The responsible-gambling module's entry: a player's own deposit and loss limits, their
 * time-out and self-exclusion (written to the account through its door), the checks deposits
 * and bets run against them, and the operators' read-only view.
 */
export { responsibleGamblingRoutes } from './responsible-gambling-routes';
export {
  assertDepositAllowed,
  depositAllowance,
  lossLimitBreach,
  type DepositedSince,
  type GamblingUsage,
  type SettledResultSince,
} from './gambling-limits';
export { playerResponsibleGambling } from './operator-view';
