/** Abuse limits: their rules and settings, and the shared counters that enforce them. */
export {
  LIMIT_RULES,
  loadLimitSettings,
  parseLimitWindows,
  type LimitName,
  type LimitSettings,
  type LimitWindow,
} from './limit-rules';
export {
  createRateLimits,
  deleteExpiredRateLimits,
  LimitRefusal,
  type RateLimits,
  type RateLimitsOptions,
  type TransactionLimit,
} from './rate-limits';
