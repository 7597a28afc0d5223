/**
 * Helpers of the back office's tests: an app on a clock the test moves, operators of any role
 * enrolled and signed in through the real calls, and a caller of `/admin/api/`.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as calls from '@backlay/contract/admin-calls';
import { adminApiPath, type AdminResult, type AdminRoute } from '@backlay/contract/admin-calls';
import { envelopeSchema } from '@backlay/contract/envelope';
import type { BrandScope, Role } from '@backlay/contract/admin';
import { build, type Backend } from '../../test-helper';
import { testClock } from '../account/account-test-kit';
import { totpCodeAt } from './second-factor';

export const OPERATOR_PASSWORD = 'correct horse battery staple';

export interface AdminCallOptions {
  token?: string;
  ip?: string;
  /** The request: a query for GET, a body for POST. */
  input?: Record<string, unknown>;
}

/** Calls one back-office route as the console would. */
export function adminCaller(app: FastifyInstance) {
  return async function call<Route extends AdminRoute>(
    route: Route,
    options: AdminCallOptions = {},
  ): Promise<{
    status: number;
    success: boolean;
    error: { code: string; message: string } | null;
    unAuthorizedRequest: boolean;
    /** The answer parsed by the route's response schema; null for a refusal. */
    result: AdminResult<Route> | null;
  }> {
    const input = options.input ?? {};
    const res: LightMyRequestResponse = await app.inject({
      method: route.method,
      url: adminApiPath(route),
      headers: {
        host: 'backoffice.example',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) TestDesk',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      remoteAddress: options.ip ?? '198.51.100.20',
      ...(route.method === 'GET'
        ? {
            query: Object.fromEntries(
              Object.entries(input).map(([k, v]) => [
                k,
                typeof v === 'string' ? v : JSON.stringify(v),
              ]),
            ),
          }
        : { payload: input }),
    });
    const envelope = envelopeSchema.parse(res.json());
    return {
      status: res.statusCode,
      success: envelope.success,
      error: envelope.error,
      unAuthorizedRequest: envelope.unAuthorizedRequest,
      result: envelope.success
        ? (route.response.parse(envelope.result) as AdminResult<Route>)
        : null,
    };
  };
}

/** An app whose clock moves only when the test says so (TOTP steps are 30 s). */
/** `start`: the clock's first reading (a fixed day by default; now, for figures dated by the database). */
export async function adminApp(backend: Backend, start = Date.UTC(2026, 10, 24, 12, 0, 0)) {
  const clock = testClock(start);
  const { app, db } = await build({ backend, now: clock.now });
  return { db, clock, ...adminKit(app, clock) };
}

/**
 * Operators on an app built elsewhere. With `clock` (the app's own), each sign-in moves it to
 * the next TOTP step; without, the app runs on real time and a sign-in uses the next step's
 * code (good within the one-step window), so each operator signs in once.
 */
export function adminKit(
  app: FastifyInstance,
  clock?: { now(): Date; advanceSeconds(s: number): void },
) {
  const now = () => clock?.now() ?? new Date();
  const call = adminCaller(app);

  /** Completes an enrolment link through the calls, as the console would; returns the secret. */
  async function enrol(enrolmentPath: string) {
    const token = enrolmentPath.split('#')[1] ?? '';
    const shown = await call(calls.enrolmentRoute, { input: { token } });
    if (!shown.result) throw new Error(`enrolment link refused: ${shown.error?.message}`);
    const secret = shown.result.secret;
    const done = await call(calls.completeEnrolmentRoute, {
      input: { token, password: OPERATOR_PASSWORD, code: totpCodeAt(secret, now()) },
    });
    if (!done.result) throw new Error(`enrolment failed: ${done.error?.message}`);
    return { secret, recoveryCodes: done.result.recoveryCodes };
  }

  /** Signs in with the next TOTP step (the one that enrolled, or signed in, is spent). */
  async function signIn(userName: string, secret: string) {
    clock?.advanceSeconds(30);
    const at = clock ? now() : new Date(now().getTime() + 30_000);
    const res = await call(calls.signInRoute, {
      input: { userName, password: OPERATOR_PASSWORD, code: totpCodeAt(secret, at) },
    });
    if (!res.result) throw new Error(`sign-in failed: ${res.error?.message}`);
    return res.result.token;
  }

  /** An owner created as the create-owner command does, enrolled and signed in. */
  async function owner(userName = 'owner.one') {
    const link = await app.operators.createOwner(userName);
    const { secret, recoveryCodes } = await enrol(link.enrolmentPath);
    return {
      id: link.operator.id,
      userName,
      secret,
      recoveryCodes,
      token: await signIn(userName, secret),
    };
  }

  /** An operator of a role, created by `ownerToken`, enrolled and signed in. */
  async function operator(ownerToken: string, userName: string, role: Role, brands: BrandScope) {
    const created = await call(calls.createOperatorRoute, {
      token: ownerToken,
      input: { userName, role, brands },
    });
    if (!created.result) throw new Error(`create failed: ${created.error?.message}`);
    const { secret } = await enrol(created.result.enrolmentPath);
    return { id: created.result.operator.id, secret, token: await signIn(userName, secret) };
  }

  return { app, call, enrol, signIn, owner, operator };
}
