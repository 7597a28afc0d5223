/**
 * The abuse limits: what each one counts, its environment variable and its default. A limit is
 * one or more fixed windows (`points/duration`), all of which must have room: a short window
 * gives the burst allowance, a longer one the steady rate. Per-address defaults are sized for
 * carrier-grade NAT, where a whole cybercafé or office shares one address; limits per account,
 * mobile number or player can be tight.
 */
import { ConfigError } from '../../config-error';

export interface LimitWindow {
  points: number;
  durationSeconds: number;
}

export interface LimitRule {
  /** The environment variable that overrides the default (`off` switches the limit off). */
  env: string;
  default: string;
  /** What a refused caller reads; `wait` is a phrase such as "3 minutes". */
  message: (wait: string) => string;
  /**
   * 'instance': counted in each server's memory, a ceiling on one instance's load rather than
   * a quota shared between instances. For limits on trusted, signed server-to-server traffic
   * whose one key would otherwise be a single hot counter every request waits on.
   */
  scope?: 'shared' | 'instance';
}

export const LIMIT_RULES = {
  loginAccountAddress: {
    env: 'LIMIT_LOGIN_ACCOUNT_ADDRESS',
    default: '5/15m',
    message: (wait) => `Too many failed logins. Try again in ${wait}.`,
  },
  // Counted apart from the strict per-address count: failures anywhere else never reach it, so
  // nobody can lock a player out of where they log in, and the player's own mistakes there get
  // more room.
  loginKnownAddress: {
    env: 'LIMIT_LOGIN_KNOWN_ADDRESS',
    default: '20/15m',
    message: (wait) => `Too many failed logins. Try again in ${wait}.`,
  },
  loginAddress: {
    env: 'LIMIT_LOGIN_ADDRESS',
    default: '100/15m',
    message: (wait) => `Too many failed logins from your network. Try again in ${wait}.`,
  },
  loginAccount: {
    env: 'LIMIT_LOGIN_ACCOUNT',
    default: '50/15m',
    message: (wait) => `Too many failed logins to this account. Try again in ${wait}.`,
  },
  smsMobile: {
    env: 'LIMIT_SMS_MOBILE',
    default: '3/1h,6/1d',
    message: (wait) => `Too many codes sent to this mobile number. Try again in ${wait}.`,
  },
  smsDomain: {
    env: 'LIMIT_SMS_DOMAIN',
    default: '300/10m,5000/1d',
    message: (wait) => `Sign-up is very busy right now. Please try again in ${wait}.`,
  },
  signUpAddress: {
    env: 'LIMIT_SIGNUP_ADDRESS',
    default: '30/10m',
    message: (wait) => `Too many sign-ups from your network. Try again in ${wait}.`,
  },
  demoAddress: {
    env: 'LIMIT_DEMO_ADDRESS',
    default: '20/1m,100/10m',
    message: (wait) => `Too many demo accounts from your network. Try again in ${wait}.`,
  },
  betsPlayer: {
    env: 'LIMIT_BETS_PLAYER',
    default: '20/2s,300/1m',
    message: (wait) => `You are betting too fast. Try again in ${wait}.`,
  },
  cancelsPlayer: {
    env: 'LIMIT_CANCELS_PLAYER',
    default: '20/2s,300/1m',
    message: (wait) => `You are cancelling too fast. Try again in ${wait}.`,
  },
  hubNegotiateAddress: {
    env: 'LIMIT_HUB_NEGOTIATE_ADDRESS',
    default: '300/1m',
    message: (wait) => `Too many connections from your network. Try again in ${wait}.`,
  },
  hubConnectAddress: {
    env: 'LIMIT_HUB_CONNECT_ADDRESS',
    default: '300/1m',
    message: (wait) => `Too many connections from your network. Try again in ${wait}.`,
  },
  brandUploadsOperator: {
    env: 'LIMIT_BRAND_UPLOADS_OPERATOR',
    default: '20/10m,200/1d',
    message: (wait) => `Too many images uploaded. Try again in ${wait}.`,
  },
  imageUploadsPlayer: {
    env: 'LIMIT_IMAGE_UPLOADS_PLAYER',
    default: '10/10m,40/1d',
    message: (wait) => `Too many screenshots uploaded. Try again in ${wait}.`,
  },
  paymentRequestsPlayer: {
    env: 'LIMIT_PAYMENT_REQUESTS_PLAYER',
    default: '10/10m,50/1d',
    message: (wait) => `Too many deposit or withdrawal requests. Try again in ${wait}.`,
  },
  withdrawalAccountsPlayer: {
    env: 'LIMIT_WITHDRAWAL_ACCOUNTS_PLAYER',
    default: '10/1h,30/1d',
    message: (wait) => `Too many withdrawal accounts added. Try again in ${wait}.`,
  },
  gamblingChangesPlayer: {
    env: 'LIMIT_GAMBLING_CHANGES_PLAYER',
    default: '20/1h,60/1d',
    message: (wait) => `Too many changes to your limits. Try again in ${wait}.`,
  },
  casinoLaunchesPlayer: {
    env: 'LIMIT_CASINO_LAUNCHES_PLAYER',
    default: '20/1m,300/1h',
    message: (wait) => `You are opening games too fast. Try again in ${wait}.`,
  },
  bonusClaimsPlayer: {
    env: 'LIMIT_BONUS_CLAIMS_PLAYER',
    default: '10/1m,60/1d',
    message: (wait) => `Too many bonus claims. Try again in ${wait}.`,
  },
  casinoCallbacksProvider: {
    env: 'LIMIT_CASINO_CALLBACKS_PROVIDER',
    default: '5000/1s',
    // One key per provider: shared, every callback of a provider would queue on one row.
    scope: 'instance',
    message: (wait) => `Too many wallet callbacks. Try again in ${wait}.`,
  },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMIT_RULES;

/** Every limit's windows; an empty list means the limit is off. */
export type LimitSettings = Record<LimitName, readonly LimitWindow[]>;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };
const MAX_WINDOW_SECONDS = 7 * 86_400;
const MAX_POINTS = 1_000_000;

/** Reads `5/15m` or `20/2s,300/1m` (or `off`); throws a ConfigError naming the variable. */
export function parseLimitWindows(variable: string, raw: string): LimitWindow[] {
  const text = raw.trim().toLowerCase();
  if (text === 'off') return [];
  return text.split(',').map((part) => {
    const match = /^(\d+)\s*\/\s*(\d*)\s*([smhd])$/.exec(part.trim());
    const points = Number(match?.[1]);
    const durationSeconds = Number(match?.[2] || 1) * (UNIT_SECONDS[match?.[3] ?? ''] ?? NaN);
    if (
      !match ||
      !Number.isInteger(points) ||
      points < 1 ||
      points > MAX_POINTS ||
      !(durationSeconds >= 1 && durationSeconds <= MAX_WINDOW_SECONDS)
    ) {
      throw new ConfigError(
        `${variable} must be "off" or windows such as "5/15m" or "20/2s,300/1m" (units s, m, h, d; at most 7 days), got "${raw}"`,
      );
    }
    return { points, durationSeconds };
  });
}

/** The limits from the environment, each variable falling back to its default. */
export function loadLimitSettings(env: NodeJS.ProcessEnv = process.env): LimitSettings {
  const settings = {} as Record<LimitName, LimitWindow[]>;
  for (const [name, rule] of Object.entries(LIMIT_RULES) as [LimitName, LimitRule][]) {
    const raw = env[rule.env];
    settings[name] = parseLimitWindows(
      rule.env,
      raw === undefined || raw === '' ? rule.default : raw,
    );
  }
  return settings;
}

/** "45 seconds", "1 minute", "3 hours": how long a refused caller waits, rounded up. */
export function waitPhrase(seconds: number): string {
  const [amount, unit] =
    seconds < 90
      ? [seconds, 'second']
      : seconds < 90 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3_600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
