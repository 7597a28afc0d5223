import { z } from 'zod';
import { REFERRAL_CODE_MESSAGE, REFERRAL_CODE_RULE } from './referral-code';
import { stripMarkup } from './sanitize-input';

/** A stake button of the bet slip (spec §3); its title is stored as plain text (spec §5). */
export const stakeButtonSchema = z.object({
  title: z.string().overwrite(stripMarkup).trim().min(1).max(12),
  value: z.number().int().positive().max(100_000_000),
});
export type StakeButton = z.infer<typeof stakeButtonSchema>;

/** The stake buttons a new player starts with (spec §9). */
export const DEFAULT_STAKES: StakeButton[] = [
  { title: '100', value: 100 },
  { title: '500', value: 500 },
  { title: '1k', value: 1000 },
  { title: '2k', value: 2000 },
  { title: '3k', value: 3000 },
  { title: '4k', value: 4000 },
  { title: '5k', value: 5000 },
  { title: '6k', value: 6000 },
];
export const STAKE_BUTTON_COUNT = DEFAULT_STAKES.length;

export const USER_NAME_RULE = /^[A-Za-z][A-Za-z0-9_]{2,19}$/;
export const userNameSchema = z
  .string()
  .trim()
  .regex(USER_NAME_RULE, 'User name: 3 to 20 letters, digits or _, starting with a letter');

/** Indian mobile numbers as players type them: 10 digits, optionally with +91 or 0 in front. */
export const mobileSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(?:\+?91|0)?[6-9]\d{9}$/, 'Enter a 10-digit mobile number'))
  .transform((v) => `+91${v.slice(-10)}`);

export const PASSWORD_MIN_LENGTH = 8;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password: at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128, 'Password: at most 128 characters')
  .regex(/[A-Za-z]/, 'Password: include a letter')
  .regex(/\d/, 'Password: include a digit');

export const authenticateRequestSchema = z.object({
  userNameOrEmailAddress: z.string().trim().min(1, 'Enter your user name').max(64),
  password: z.string().min(1, 'Enter your password').max(128),
});
export type AuthenticateRequest = z.infer<typeof authenticateRequestSchema>;

/** The login result (spec §3); `userName` is the name to show ("Demo" for demo accounts). */
export const loginResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expireInSeconds: z.number().int().positive(),
  userIp: z.string(),
  stakes: z.array(stakeButtonSchema),
  casinoToken: z.string(),
  domain: z.string(),
  userName: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * A friend's referral code given at sign-up: capitals or not, spaces around it ignored, and a
 * blank one is no code (a form's empty optional field).
 */
export const signUpReferralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => code === '' || REFERRAL_CODE_RULE.test(code), REFERRAL_CODE_MESSAGE)
  .transform((code) => code || undefined);

export const registerRequestSchema = z.object({
  userName: userNameSchema,
  mobile: mobileSchema,
  password: passwordSchema,
  domain: z.string().trim().min(1).max(253),
  /** Optional: the friend's code the player joins with (their referral link carries it). */
  referralCode: signUpReferralCodeSchema.optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerResultSchema = z.object({
  userName: z.string(),
  maskedMobile: z.string(),
  codeExpiresInSeconds: z.number().int().positive(),
  resendAfterSeconds: z.number().int().nonnegative(),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;

export const VERIFICATION_CODE_LENGTH = 6;
export const verificationRequestSchema = z.object({
  userName: userNameSchema,
  code: z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`),
      `Enter the ${VERIFICATION_CODE_LENGTH}-digit code`,
    ),
});

export const resendCodeRequestSchema = z.object({ userName: userNameSchema });
export const resendCodeResultSchema = z.object({
  codeExpiresInSeconds: z.number().int().positive(),
  resendAfterSeconds: z.number().int().nonnegative(),
});

export const refreshTokenQuerySchema = z.object({ refreshToken: z.string().min(16).max(512) });
export const refreshTokenResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expireInSeconds: z.number().int().positive(),
});

export const accessTokenValidateQuerySchema = z.object({
  accessToken: z.string().min(1).max(4096),
});
export const accessTokenValidateResultSchema = z.object({
  valid: z.boolean(),
  expiresInSeconds: z.number().int().nonnegative(),
});

/** How long sessions last, so a client can plan its refreshes. */
export const settingExpiryResultSchema = z.object({
  accessTokenSeconds: z.number().int().positive(),
  refreshTokenSeconds: z.number().int().positive(),
});

export const changePasswordRequestSchema = z
  .object({ currentPassword: z.string().min(1).max(128), newPassword: passwordSchema })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: 'The new password must differ from the current one',
    path: ['newPassword'],
  });

export const LOGIN_ATTEMPT_RESULTS = ['Success', 'Failed', 'Blocked'] as const;
export type LoginAttemptResult = (typeof LOGIN_ATTEMPT_RESULTS)[number];

/** ABP-style paging over the player's recorded login attempts (spec §3). */
export const loginAttemptsQuerySchema = z.object({
  Result: z.enum(LOGIN_ATTEMPT_RESULTS).optional(),
  MaxResultCount: z.coerce.number().int().min(1).max(100).default(10),
  SkipCount: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const loginAttemptSchema = z.object({
  time: z.string(),
  ip: z.string(),
  browser: z.string(),
  result: z.enum(LOGIN_ATTEMPT_RESULTS),
});
export const loginAttemptsResultSchema = z.object({
  totalCount: z.number().int().nonnegative(),
  items: z.array(loginAttemptSchema),
});
export type LoginAttempt = z.infer<typeof loginAttemptSchema>;

export const saveStakesRequestSchema = z.object({
  stakes: z
    .array(stakeButtonSchema)
    .length(STAKE_BUTTON_COUNT, `Exactly ${STAKE_BUTTON_COUNT} stake buttons`),
});

/** RFC 6749 §4.1.3: the authorization-code exchange of a registered client. */
export const oauthTokenRequestSchema = z.object({
  grant_type: z.string(),
  code: z.string().min(1).max(512),
  redirect_uri: z.string().min(1).max(2048),
  client_id: z.string().min(1).max(128),
  client_secret: z.string().max(512).optional(),
});

/** The player's own settings and money (spec §3 "User info"); amounts in rupees with two places. */
export const userInfoSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  isDemo: z.boolean(),
  balance: z.number(),
  exposure: z.number(),
  /**
   * The bonus wallet (the active bonuses, apart from cash and not in `balance`), for the header
   * while one is active; 0 without one. Absent from servers that predate bonuses.
   */
  bonus: z.number().optional(),
  football: z.boolean(),
  tennis: z.boolean(),
  cricket: z.boolean(),
  kabaddi: z.boolean(),
  horseRacing: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
