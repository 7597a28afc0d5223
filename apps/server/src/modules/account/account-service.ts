import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  DEFAULT_STAKES,
  VERIFICATION_CODE_LENGTH,
  type LoginAttempt,
  type LoginAttemptResult,
  type LoginResult,
  type RegisterResult,
  type StakeButton,
  type UserInfo,
} from '@backlay/contract/account';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { summarisedWarnings } from '../../http/summarised-warnings';
import { UNAUTHORIZED_MESSAGE, type Player } from '../../http/api-route';
import { rememberingVerifier } from './access-token';
import { readActivityLog, recordActivity } from './activity-log';
import { LimitRefusal, type LimitName, type RateLimits } from '../limits';
import { lookUpLogin, recordLoginSuccess } from './login-queries';
import { onPlayerChange } from './player-changes';
import { mobileSelfExcluded, pausedLoginMessage, pauseInForce } from './play-pause';
import { recordLoginAttempt } from './login-throttle';
import { keepSignUpReferralCode } from './sign-up-referral';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import {
  ACCESS_TOKEN_SECONDS,
  endAllSessions,
  newSession,
  REFRESH_TOKEN_SECONDS,
  rotateRefreshToken,
  startSession,
  type SessionTokens,
} from './sessions';
import type { SmsMessage, SmsProvider } from './sms';
import {
  deleteUser,
  findUserById,
  findUserByName,
  insertUser,
  setPasswordHash,
  setStakes,
  bettingRulesOf,
  setUserStatus,
  sportFlagsOf,
  type UserRow,
} from './users';

export const DEMO_ACCOUNT_HOURS = 24;
export const DEMO_DISPLAY_NAME = 'Demo';
export const CODE_TTL_SECONDS = 10 * 60;
export const RESEND_COOLDOWN_SECONDS = 60;
export const MAX_CODE_SENDS = 5;
export const MAX_FAILED_CODE_CHECKS = 5;

export const MESSAGES = {
  badCredentials: 'Incorrect user name or password.',
  notVerified: 'Verify your mobile number first: enter the code we sent you.',
  disabled: 'This account is disabled. Please contact support.',
  // There is no self-service password reset (no "Forgot password" in the product): support
  // sets the new password.
  passwordResetRequired:
    'Your password must be changed before you can log in. Please contact support to set a new one.',
  userNameTaken: 'That user name is taken. Please choose another.',
  wrongDomain: 'This account belongs to another site.',
  noPendingSignUp: 'There is no sign-up waiting for a code under that user name.',
  codeExpired: 'The code has expired. Ask for a new one.',
  codeWrong: 'The code is not correct.',
  tooManyCodeChecks: 'Too many wrong codes. Ask for a new one.',
  currentPasswordWrong: 'The current password is not correct.',
  demoCannotChangePassword: 'Demo accounts have no password to change.',
  // Said the same way whatever the reason, so nobody learns another player's exclusion.
  signUpRefused: 'Sign-up with this mobile number is not available. Please contact support.',
  referralCodeUnknown:
    'That referral code is not valid: check it with your friend, or leave it empty.',
} as const;

/** The field a refused referral code is named by in the error's details. */
const REFERRAL_CODE_FIELD = 'referralCode';

/** What recording a sign-up's referral code did. */
export type JoinedWithReferral = 'recorded' | 'already_referred' | 'unknown_code';

/** Ledger and other modules' reactions to account events, run in the same transaction. */
export interface AccountHooks {
  onPlayerCreated?(
    tx: Queryable,
    user: { id: string; domain: string; demo: boolean },
  ): Promise<void>;
  /** Whether a friend's referral code given at sign-up names a player of the brand. */
  referralCodeKnown?(q: Queryable, domain: string, code: string): Promise<boolean>;
  /** Records that a player joined with a friend's code, in the transaction making the account. */
  onJoinedWithReferral?(
    tx: Queryable,
    joined: { playerId: string; domain: string; referralCode: string },
  ): Promise<JoinedWithReferral>;
}

export interface CallerContext {
  domain: string;
  ip: string;
  browser: string;
}

/** A player's money as the wallet reports it, in minor units. */
export type BalancesReader = (
  player: Player,
) => Promise<{ balanceMinor: number; exposureMinor: number; bonusMinor?: number }>;

export interface AccountServiceDeps {
  db: Database;
  balancesOf: BalancesReader;
  tokenKey: Buffer;
  sms: SmsProvider;
  /** The abuse limits: logins, sign-ups, codes sent and demo accounts. */
  limits: Pick<RateLimits, 'take' | 'giveBack'>;
  /** Security events: refusals by a limit, reused refresh tokens, forged tokens. */
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'>;
  hooks?: AccountHooks;
  now?: () => Date;
}

function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('base64url');
}

function newCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(
    VERIFICATION_CODE_LENGTH,
    '0',
  );
}

function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}******${mobile.slice(-4)}`;
}

/** Accounts, sessions and their security rules, independent of HTTP. */
/**
 * How long a bearer check may reuse the user row it read: every authenticated call checks its
 * user, and under load that read is a database round trip per call (a bet's among them). A
 * change to a player made through the account module (a password change, a lock, a stake limit,
 * a forced password change, a break) is announced when it commits: this instance forgets the
 * row at once, and every other one when the hub's backplane carries the announcement
 * (`forgetPlayer`); this bound holds for what is not announced (a row changed by hand) and for
 * an announcement lost on the way.
 */
const BEARER_USER_CACHE_MS = 2_000;
const BEARER_USER_CACHE_MAX = 10_000;

export function createAccountService(deps: AccountServiceDeps) {
  const { db, tokenKey, sms, limits, log } = deps;
  const verifyToken = rememberingVerifier(tokenKey);
  const now = deps.now ?? (() => new Date());
  const bearerUsers = new Map<string, { user: UserRow | undefined; readAt: number }>();
  /**
   * Counts the players forgotten: a row read while one was forgotten may be from before that
   * change (the read raced the commit), so it is used for its own call but not kept.
   */
  let forgotten = 0;
  const forget = (domain: string, playerId: string) => {
    forgotten++;
    bearerUsers.delete(`${domain}\n${playerId}`);
  };
  const forgedTokens = summarisedWarnings(log, 'access tokens refused as forged or foreign');
  onPlayerChange(db, (change) => forget(change.domain, change.playerId));

  async function bearerUser(domain: string, id: string): Promise<UserRow | undefined> {
    const key = `${domain}\n${id}`;
    const hit = bearerUsers.get(key);
    if (hit && Date.now() - hit.readAt < BEARER_USER_CACHE_MS) return hit.user;
    const forgottenBefore = forgotten;
    const user = await findUserById(db, domain, id);
    if (forgotten !== forgottenBefore) return user;
    if (bearerUsers.size >= BEARER_USER_CACHE_MAX) bearerUsers.clear();
    bearerUsers.set(key, { user, readAt: Date.now() });
    return user;
  }

  function loginResult(user: UserRow, tokens: SessionTokens, caller: CallerContext): LoginResult {
    return {
      ...tokens,
      userIp: caller.ip,
      stakes: user.stakes,
      domain: user.domain,
      userName: user.is_demo ? DEMO_DISPLAY_NAME : user.user_name,
    };
  }

  async function record(
    caller: CallerContext,
    userName: string,
    userId: string | null,
    result: LoginAttemptResult,
  ) {
    await recordLoginAttempt(db, { ...caller, userName, userId, result, at: now() });
  }

  /**
   * Takes one use of each limit in order, giving back what it took when one refuses: the
   * caller either holds a use of every limit or of none.
   */
  async function takeAll(uses: readonly (readonly [LimitName, string])[]): Promise<void> {
    const taken: (readonly [LimitName, string])[] = [];
    try {
      for (const use of uses) {
        await limits.take(...use);
        taken.push(use);
      }
    } catch (error) {
      await Promise.all(taken.map((use) => limits.giveBack(...use)));
      throw error;
    }
  }

  /**
   * The failed-login limits a login counts against: from an address the account logged in from
   * lately, its own count for that address (more generous) and the address's; from any other,
   * the strict count for the account and address, the address's and the account's. Failures
   * elsewhere never reach a known address's count, so nobody can lock a player out of it.
   */
  function loginLimits(caller: CallerContext, userName: string, knownAddress: boolean) {
    const account = `${caller.domain}\n${userName.toLowerCase()}`;
    const accountAddress = `${account}\n${caller.ip}`;
    const uses: (readonly [LimitName, string])[] = knownAddress
      ? [
          ['loginKnownAddress', accountAddress],
          ['loginAddress', caller.ip],
        ]
      : [
          ['loginAccountAddress', accountAddress],
          ['loginAddress', caller.ip],
          ['loginAccount', account],
        ];
    return uses;
  }

  /** The limits of sending a code by SMS: per number, per domain, and per address. */
  function smsLimits(caller: CallerContext, mobile: string) {
    return [
      ['signUpAddress', caller.ip],
      ['smsDomain', caller.domain],
      ['smsMobile', mobile],
    ] as const;
  }

  /** Stores a fresh code and returns the message carrying it, to send once the transaction commits. */
  async function issueCode(tx: Queryable, user: UserRow, isResend: boolean): Promise<SmsMessage> {
    const code = newCode();
    const at = now();
    await tx.query(
      `INSERT INTO verification_codes (user_id, code_hash, expires_at, sent_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET code_hash = $2, expires_at = $3, sent_at = $4,
         send_count = verification_codes.send_count + 1, failed_checks = 0`,
      [user.id, hashCode(user.id, code), new Date(at.getTime() + CODE_TTL_SECONDS * 1000), at],
    );
    if (!user.mobile) throw new Error('a pending user has no mobile number');
    return {
      domain: user.domain,
      mobile: user.mobile,
      body: `${code} is your ${user.domain} verification code${isResend ? ' (new code)' : ''}. It expires in ${CODE_TTL_SECONDS / 60} minutes.`,
    };
  }

  return {
    async authenticate(
      input: { userNameOrEmailAddress: string; password: string },
      caller: CallerContext,
    ) {
      const userName = input.userNameOrEmailAddress;
      const { user, knownAddress } = await lookUpLogin(
        db,
        { domain: caller.domain, userName, ip: caller.ip },
        now(),
      );
      // Reserved before the password is checked, so parallel guesses cannot outrun the count;
      // a blocked caller learns nothing of the account.
      const uses = loginLimits(caller, userName, knownAddress);
      try {
        await takeAll(uses);
      } catch (error) {
        if (error instanceof LimitRefusal && error.firstInWindow)
          await record(caller, userName, null, 'Blocked');
        throw error;
      }
      const passwordOk = await verifyPassword(
        user && !user.is_demo ? user.password_hash : await decoyPasswordHash(),
        input.password,
      );
      if (!user || user.is_demo || !passwordOk) {
        await record(caller, userName, user?.id ?? null, 'Failed');
        throw new ApiError('VALIDATION_FAILED', MESSAGES.badCredentials);
      }
      // Only failures count against the limits.
      await Promise.all(uses.map((use) => limits.giveBack(...use)));
      if (user.status === 'pending_verification')
        throw new ApiError('FORBIDDEN', MESSAGES.notVerified);
      if (user.status === 'disabled') {
        log.info(
          { domain: user.domain, playerId: user.id, ip: caller.ip },
          'login to a locked account',
        );
        throw new ApiError('FORBIDDEN', MESSAGES.disabled);
      }
      if (user.password_reset_required) {
        log.info(
          { domain: user.domain, playerId: user.id, ip: caller.ip },
          'login to an account waiting for a password change',
        );
        throw new ApiError('FORBIDDEN', MESSAGES.passwordResetRequired);
      }
      const pause = pauseInForce(user, now());
      if (pause) throw new ApiError('FORBIDDEN', pausedLoginMessage(pause));
      const session = newSession(user, tokenKey, now());
      await recordLoginSuccess(db, session.refreshToken, { ...caller, userName: user.user_name });
      return loginResult(user, session.tokens, caller);
    },

    async loginAsDemo(caller: CallerContext): Promise<LoginResult> {
      await takeAll([['demoAddress', caller.ip]]);
      const at = now();
      return db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          domain: caller.domain,
          userName: `demo_${randomBytes(6).toString('hex')}`,
          mobile: null,
          // Nobody can log in to a demo account with a password.
          passwordHash: `!demo!${randomBytes(16).toString('hex')}`,
          status: 'active',
          stakes: DEFAULT_STAKES,
          demoExpiresAt: new Date(at.getTime() + DEMO_ACCOUNT_HOURS * 3_600_000),
        });
        if (!user) throw new Error('a random demo name collided');
        await deps.hooks?.onPlayerCreated?.(tx, { id: user.id, domain: user.domain, demo: true });
        const tokens = await startSession(tx, user, tokenKey, at);
        return loginResult(user, tokens, caller);
      });
    },

    async register(
      input: {
        userName: string;
        mobile: string;
        password: string;
        domain: string;
        referralCode?: string | undefined;
      },
      caller: CallerContext,
    ): Promise<RegisterResult> {
      if (input.domain.toLowerCase() !== caller.domain)
        throw new ApiError('VALIDATION_FAILED', MESSAGES.wrongDomain);
      // Before the (deliberately slow) hash: every sign-up costs an SMS.
      const uses = smsLimits(caller, input.mobile);
      await takeAll(uses);
      // No code went out: the number and the brand get their use back. The address keeps it
      // (a hashed password, a guessed referral code).
      const giveBackSmsUses = () =>
        Promise.all(
          uses
            .filter(([name]) => name !== 'signUpAddress')
            .map(([name, key]) => limits.giveBack(name, key)),
        );
      // A self-excluded player cannot open a new account on the brand with the same number.
      if (await mobileSelfExcluded(db, caller.domain, input.mobile, now())) {
        await Promise.all(uses.map(([name, key]) => limits.giveBack(name, key)));
        throw new ApiError('FORBIDDEN', MESSAGES.signUpRefused);
      }
      const referralCode = input.referralCode ?? null;
      if (
        referralCode !== null &&
        !(await deps.hooks?.referralCodeKnown?.(db, caller.domain, referralCode))
      ) {
        await giveBackSmsUses();
        throw new ApiError(
          'VALIDATION_FAILED',
          MESSAGES.referralCodeUnknown,
          `${REFERRAL_CODE_FIELD}: ${MESSAGES.referralCodeUnknown}`,
        );
      }
      const passwordHash = await hashPassword(input.password);
      const registering = db.transaction(async (tx) => {
        const existing = await findUserByName(tx, caller.domain, input.userName);
        // An abandoned sign-up whose code has expired gives its name back.
        if (existing?.status === 'pending_verification') {
          const [code] = await tx.query<{ expires_at: Date }>(
            'SELECT expires_at FROM verification_codes WHERE user_id = $1',
            [existing.id],
          );
          if (!code || code.expires_at <= now()) await deleteUser(tx, existing.id);
          else throw new ApiError('CONFLICT', MESSAGES.userNameTaken);
        } else if (existing) {
          throw new ApiError('CONFLICT', MESSAGES.userNameTaken);
        }
        const user = await insertUser(tx, {
          domain: caller.domain,
          userName: input.userName,
          mobile: input.mobile,
          passwordHash,
          status: 'pending_verification',
          stakes: DEFAULT_STAKES,
          demoExpiresAt: null,
        });
        if (!user) throw new ApiError('CONFLICT', MESSAGES.userNameTaken);
        const message = await issueCode(tx, user, false);
        if (referralCode !== null) await keepSignUpReferralCode(tx, user.id, referralCode);
        return { user, message };
      });
      const registered = await registering.catch(async (error: unknown) => {
        // A name taken, say.
        await giveBackSmsUses();
        throw error;
      });
      await sms.send(registered.message);
      return {
        userName: registered.user.user_name,
        maskedMobile: maskMobile(input.mobile),
        codeExpiresInSeconds: CODE_TTL_SECONDS,
        resendAfterSeconds: RESEND_COOLDOWN_SECONDS,
      };
    },

    async verify(
      input: { userName: string; code: string },
      caller: CallerContext,
    ): Promise<LoginResult> {
      const outcome = await db.transaction(async (tx) => {
        const user = await findUserByName(tx, caller.domain, input.userName);
        if (!user || user.status !== 'pending_verification')
          return { error: new ApiError('NOT_FOUND', MESSAGES.noPendingSignUp) };
        const [code] = await tx.query<{
          code_hash: string;
          expires_at: Date;
          failed_checks: number;
          referral_code: string | null;
        }>(
          `SELECT code_hash, expires_at, failed_checks, referral_code
           FROM verification_codes WHERE user_id = $1 FOR UPDATE`,
          [user.id],
        );
        if (!code) return { error: new ApiError('NOT_FOUND', MESSAGES.noPendingSignUp) };
        if (code.failed_checks >= MAX_FAILED_CODE_CHECKS)
          return { error: new ApiError('RATE_LIMITED', MESSAGES.tooManyCodeChecks) };
        if (code.expires_at <= now())
          return { error: new ApiError('VALIDATION_FAILED', MESSAGES.codeExpired) };
        if (code.code_hash !== hashCode(user.id, input.code)) {
          // Counted even though the request fails: the count must survive the error.
          await tx.query(
            'UPDATE verification_codes SET failed_checks = failed_checks + 1 WHERE user_id = $1',
            [user.id],
          );
          return { error: new ApiError('VALIDATION_FAILED', MESSAGES.codeWrong) };
        }
        await tx.query('DELETE FROM verification_codes WHERE user_id = $1', [user.id]);
        await setUserStatus(tx, user.id, 'active');
        await deps.hooks?.onPlayerCreated?.(tx, { id: user.id, domain: user.domain, demo: false });
        if (code.referral_code !== null) {
          const joined = {
            playerId: user.id,
            domain: user.domain,
            referralCode: code.referral_code,
          };
          const referral = await deps.hooks?.onJoinedWithReferral?.(tx, joined);
          // Checked at sign-up; the account is made all the same if it no longer holds.
          if (referral !== 'recorded')
            log.warn({ ...joined, referral }, 'a sign-up referral code was not recorded');
        }
        const tokens = await startSession(tx, user, tokenKey, now());
        return { user: { ...user, status: 'active' as const }, tokens };
      });
      if ('error' in outcome) throw outcome.error;
      await record(caller, outcome.user.user_name, outcome.user.id, 'Success');
      return loginResult(outcome.user, outcome.tokens, caller);
    },

    async resendCode(input: { userName: string }, caller: CallerContext) {
      const message = await db.transaction(async (tx) => {
        const user = await findUserByName(tx, caller.domain, input.userName);
        if (!user || user.status !== 'pending_verification')
          throw new ApiError('NOT_FOUND', MESSAGES.noPendingSignUp);
        const [code] = await tx.query<{ sent_at: Date; send_count: number }>(
          'SELECT sent_at, send_count FROM verification_codes WHERE user_id = $1 FOR UPDATE',
          [user.id],
        );
        if (code) {
          const waitSeconds = Math.ceil(
            (code.sent_at.getTime() + RESEND_COOLDOWN_SECONDS * 1000 - now().getTime()) / 1000,
          );
          if (waitSeconds > 0)
            throw new ApiError(
              'RATE_LIMITED',
              `Please wait ${waitSeconds} seconds before asking for a new code.`,
            );
          if (code.send_count >= MAX_CODE_SENDS) {
            throw new ApiError(
              'RATE_LIMITED',
              'Too many codes sent. Please sign up again later or contact support.',
            );
          }
        }
        if (!user.mobile) throw new Error('a pending user has no mobile number');
        await takeAll(smsLimits(caller, user.mobile));
        return issueCode(tx, user, true);
      });
      await sms.send(message);
      return {
        codeExpiresInSeconds: CODE_TTL_SECONDS,
        resendAfterSeconds: RESEND_COOLDOWN_SECONDS,
      };
    },

    async refresh(refreshToken: string, caller: CallerContext) {
      const outcome = await rotateRefreshToken(db, refreshToken, caller.domain, tokenKey, now());
      if (!outcome.ok) {
        if (outcome.reason === 'reused') {
          log.warn(
            { domain: caller.domain, playerId: outcome.userId, ip: caller.ip },
            'a spent refresh token came back: the session family is revoked',
          );
        } else if (outcome.reason === 'other_domain') {
          log.warn({ domain: caller.domain, ip: caller.ip }, "another brand's refresh token");
        }
        throw new ApiError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
      }
      return outcome.tokens;
    },

    accessTokenValidity(accessToken: string, caller: CallerContext) {
      const nowSeconds = Math.floor(now().getTime() / 1000);
      const check = verifyToken(accessToken, nowSeconds);
      if (!check.ok || check.claims.dom !== caller.domain)
        return { valid: false, expiresInSeconds: 0 };
      return { valid: true, expiresInSeconds: check.claims.exp - nowSeconds };
    },

    /**
     * Forgets the row the bearer check keeps of a player, so their next call reads it again:
     * another instance changed them (its announcement came through the hub).
     */
    forgetPlayer(domain: string, playerId: string): void {
      forget(domain, playerId);
    },

    settingExpiry() {
      return {
        accessTokenSeconds: ACCESS_TOKEN_SECONDS,
        refreshTokenSeconds: REFRESH_TOKEN_SECONDS,
      };
    },

    /** The player a bearer token names, or null when there is no token; throws 401 for a bad one. */
    async playerForToken(
      authorization: string | undefined,
      domain: string,
    ): Promise<Player | null> {
      if (!authorization) return null;
      const match = /^Bearer\s+(\S+)$/i.exec(authorization);
      // Made only when thrown: an error captures its stack, and every call passes here.
      const unauthorised = () => new ApiError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
      if (!match?.[1]) throw unauthorised();
      const check = verifyToken(match[1], Math.floor(now().getTime() / 1000));
      if (!check.ok) {
        // An expired token is everyday life; one that fails its signature was made elsewhere.
        if (check.reason !== 'expired') forgedTokens.note(domain, check.reason);
        throw unauthorised();
      }
      if (check.claims.dom !== domain) {
        forgedTokens.note(domain, 'other_domain');
        throw unauthorised();
      }
      const user = await bearerUser(domain, check.claims.sub);
      // A token of an earlier session generation was issued before every session of the player
      // ended (a password change, a login lock even once lifted, a forced password change, a
      // break); the generation is on the row read anyway, so the check costs no query.
      if (
        !user ||
        user.token_generation !== check.claims.gen ||
        user.status !== 'active' ||
        user.password_reset_required ||
        pauseInForce(user, now())
      )
        throw unauthorised();
      return {
        id: user.id,
        domain: user.domain,
        demo: user.is_demo,
        sports: sportFlagsOf(user),
        betting: bettingRulesOf(user),
      };
    },

    async changePassword(
      player: Player,
      input: { currentPassword: string; newPassword: string },
      caller: CallerContext,
    ) {
      if (player.demo) throw new ApiError('FORBIDDEN', MESSAGES.demoCannotChangePassword);
      const user = await findUserById(db, player.domain, player.id);
      if (!user) throw new ApiError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
      if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
        throw new ApiError('VALIDATION_FAILED', MESSAGES.currentPasswordWrong);
      }
      const passwordHash = await hashPassword(input.newPassword);
      const tokens = await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await recordActivity(tx, player, 'PASSWORD_CHANGED', caller, now());
        // Every session ends, this one's tokens too, on every instance; this device continues
        // on a fresh session of the new generation, which the answer carries.
        const generation = await endAllSessions(tx, user, now());
        return startSession(tx, { ...user, token_generation: generation }, tokenKey, now());
      });
      return loginResult(user, tokens, caller);
    },

    async loginAttempts(
      player: Player,
      query: { Result?: LoginAttemptResult | undefined; MaxResultCount: number; SkipCount: number },
    ): Promise<{ totalCount: number; items: LoginAttempt[] }> {
      const filter = query.Result ? 'AND result = $2' : 'AND $2::text IS NULL';
      const params = [player.id, query.Result ?? null];
      const [total] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM login_attempts WHERE user_id = $1 ${filter}`,
        params,
      );
      const rows = await db.query<{
        created_at: Date;
        ip: string;
        browser: string;
        result: LoginAttemptResult;
      }>(
        `SELECT created_at, ip, browser, result FROM login_attempts WHERE user_id = $1 ${filter}
         ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [...params, query.MaxResultCount, query.SkipCount],
      );
      return {
        totalCount: total?.n ?? 0,
        items: rows.map((r) => ({
          time: r.created_at.toISOString(),
          ip: r.ip,
          browser: r.browser,
          result: r.result,
        })),
      };
    },

    activityLog(player: Player, page: { MaxResultCount: number; SkipCount: number }) {
      return readActivityLog(db, player, page);
    },

    async userInfo(player: Player): Promise<UserInfo> {
      const user = await findUserById(db, player.domain, player.id);
      if (!user) throw new ApiError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
      const money = await deps.balancesOf(player);
      return {
        userId: user.id,
        userName: user.is_demo ? DEMO_DISPLAY_NAME : user.user_name,
        isDemo: user.is_demo,
        balance: fromMinorUnits(money.balanceMinor),
        exposure: fromMinorUnits(money.exposureMinor),
        bonus: fromMinorUnits(money.bonusMinor ?? 0),
        ...sportFlagsOf(user),
      };
    },

    async stakes(player: Player): Promise<StakeButton[]> {
      const user = await findUserById(db, player.domain, player.id);
      return user?.stakes ?? DEFAULT_STAKES;
    },

    async saveStakes(player: Player, stakes: StakeButton[]): Promise<StakeButton[]> {
      await setStakes(db, player.id, stakes);
      return stakes;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
