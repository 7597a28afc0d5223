/** The account and session calls of the route table (spec §7), one entry per call. */
import {
  accessTokenValidateQuerySchema,
  accessTokenValidateResultSchema,
  authenticateRequestSchema,
  changePasswordRequestSchema,
  loginAttemptsQuerySchema,
  loginAttemptsResultSchema,
  loginResultSchema,
  oauthTokenRequestSchema,
  refreshTokenQuerySchema,
  refreshTokenResultSchema,
  registerRequestSchema,
  registerResultSchema,
  resendCodeRequestSchema,
  resendCodeResultSchema,
  saveStakesRequestSchema,
  settingExpiryResultSchema,
  userInfoSchema,
  verificationRequestSchema,
} from './account';
import { oauthTokenResultSchema } from './oauth';
import { noInputSchema, type ApiRoute } from './route-entry';

/** The eight stake buttons of the bet slip. */
const stakesSchema = saveStakesRequestSchema.shape.stakes;

export const authenticateRoute = {
  method: 'POST',
  path: 'Account/Authenticate',
  auth: 'none',
  loader: false,
  closedWhenSuspended: true,
  request: authenticateRequestSchema,
  response: loginResultSchema,
} satisfies ApiRoute;

export const loginAsDemoUserRoute = {
  method: 'GET',
  path: 'Account/LoginAsDemoUser',
  auth: 'none',
  loader: false,
  closedWhenSuspended: true,
  request: noInputSchema,
  response: loginResultSchema,
} satisfies ApiRoute;

/** Answers RFC 6749's plain token object, not the envelope. */
export const oauthTokenRoute = {
  method: 'POST',
  path: 'v1/token/token',
  auth: 'none',
  loader: true,
  closedWhenSuspended: true,
  request: oauthTokenRequestSchema,
  response: oauthTokenResultSchema,
} satisfies ApiRoute;

export const registerRoute = {
  method: 'POST',
  path: 'Account/Register',
  auth: 'none',
  loader: true,
  closedWhenSuspended: true,
  request: registerRequestSchema,
  response: registerResultSchema,
} satisfies ApiRoute;

export const verifyUserRoute = {
  method: 'POST',
  path: 'Account/VerificationUser',
  auth: 'none',
  loader: true,
  closedWhenSuspended: true,
  request: verificationRequestSchema,
  response: loginResultSchema,
} satisfies ApiRoute;

export const resendVerificationCodeRoute = {
  method: 'POST',
  path: 'Account/ResendVerificationCode',
  auth: 'none',
  loader: true,
  closedWhenSuspended: true,
  request: resendCodeRequestSchema,
  response: resendCodeResultSchema,
} satisfies ApiRoute;

/** Spec §7 sends its token in the query; a body is read too. */
export const accessTokenValidateTimeRoute = {
  method: 'POST',
  path: 'Account/GetAccessTokenValidateTime',
  auth: 'none',
  loader: true,
  requestIn: 'bodyAndQuery',
  request: accessTokenValidateQuerySchema,
  response: accessTokenValidateResultSchema,
} satisfies ApiRoute;

export const refreshTokenRoute = {
  method: 'GET',
  path: 'Account/RefreshToken',
  auth: 'none',
  loader: true,
  request: refreshTokenQuerySchema,
  response: refreshTokenResultSchema,
} satisfies ApiRoute;

export const settingExpiryRoute = {
  method: 'GET',
  path: 'setting/GetSettingExpiry',
  auth: 'none',
  loader: true,
  request: noInputSchema,
  response: settingExpiryResultSchema,
} satisfies ApiRoute;

/** Answers a fresh session for this device: every other one is signed out. */
export const changePasswordRoute = {
  method: 'POST',
  path: 'Account/changePassword',
  auth: 'required',
  loader: true,
  request: changePasswordRequestSchema,
  response: loginResultSchema,
} satisfies ApiRoute;

/** Spec §7 sends its paging in the query; a body is read too. */
export const userLoginAttemptsRoute = {
  method: 'POST',
  path: 'Account/GetUserLoginAttempts',
  auth: 'required',
  loader: true,
  requestIn: 'bodyAndQuery',
  request: loginAttemptsQuerySchema,
  response: loginAttemptsResultSchema,
} satisfies ApiRoute;

/** Answers the stake buttons as stored. */
export const saveStakesRoute = {
  method: 'POST',
  path: 'UserStake/Add',
  auth: 'required',
  loader: true,
  request: saveStakesRequestSchema,
  response: stakesSchema,
} satisfies ApiRoute;

export const userStakesRoute = {
  method: 'GET',
  path: 'UserStake/Get',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: noInputSchema,
  response: stakesSchema,
} satisfies ApiRoute;

/** The player's user info (spec §3). */
export const userSettingRoute = {
  method: 'GET',
  path: 'Setting/GetSetting',
  auth: 'required',
  loader: true,
  request: noInputSchema,
  response: userInfoSchema,
} satisfies ApiRoute;
