/**
 * Registers a back-office call from its contract entry: the operator's session is checked
 * (401 without one), then the role's permission (403), then the request is parsed with the
 * entry's schema (400), and the handler's answer, typed by the response schema, goes out in
 * the envelope. The permission is decided here, from the entry, for every call: a handler
 * never has to remember it. What a handler reads or changes on a brand is checked with
 * `assertCoversBrand`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '@backlay/contract/envelope';
import {
  adminApiPath,
  type AdminInput,
  type AdminResult,
  type AdminRoute,
} from '@backlay/contract/admin-calls';
import { roleAllows } from '@backlay/contract/admin';
import { stripMarkup } from '@backlay/contract/sanitize-input';
import { ApiError } from '../../http/api-error';
import { parseInput } from '../../http/api-route';
import { refuseUnstorableText } from '../../http/storable-text';
import type { SignedInOperator } from './operator-sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator of a request's bearer token: null without one; 401 for a bad one. */
    authenticateOperator(request: FastifyRequest): Promise<SignedInOperator | null>;
  }
}

export const ADMIN_MESSAGES = {
  signIn: 'Please sign in.',
  forbidden: 'Your role does not allow this.',
  otherBrand: 'That belongs to a brand your role does not cover.',
  everyBrand: 'Markets are shared by every brand: this needs a role that covers every brand.',
  platform:
    'New brands and the platform betting rules concern every brand: this needs a role that covers every brand.',
} as const;

/** Who is calling and from where. */
export interface AdminCaller<Signed extends SignedInOperator | null> {
  operator: Signed;
  ip: string;
  browser: string;
}

const BROWSER_MAX_LENGTH = 200;
const CHECK_ANSWERS = process.env.NODE_ENV === 'test';

/** Whether an operator's role covers a brand. */
export function coversBrand(operator: SignedInOperator, domain: string): boolean {
  return operator.brands === null || operator.brands.includes(domain);
}

/** Refuses (403) what belongs to a brand the operator's role does not cover. */
export function assertCoversBrand(operator: SignedInOperator, domain: string): void {
  if (!coversBrand(operator, domain)) throw new ApiError('FORBIDDEN', ADMIN_MESSAGES.otherBrand);
}

/** The brands a list reads: the one asked for (if the role covers it), else all it covers. */
export function brandsRead(operator: SignedInOperator, brand: string | undefined): string[] | null {
  if (brand === undefined) return operator.brands;
  assertCoversBrand(operator, brand);
  return [brand];
}

/** Refuses (403) a change to what every brand shares, unless the role covers every brand. */
export function assertCoversEveryBrand(
  operator: SignedInOperator,
  message: string = ADMIN_MESSAGES.everyBrand,
): void {
  if (operator.brands !== null) throw new ApiError('FORBIDDEN', message);
}

export function defineAdminRoute<Route extends AdminRoute>(
  app: FastifyInstance,
  route: Route,
  handler: (
    input: AdminInput<Route>,
    caller: AdminCaller<Route['auth'] extends 'operator' ? SignedInOperator : null>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<AdminResult<Route>>,
): void {
  app.route({
    method: route.method,
    url: adminApiPath(route),
    config: { adminRoute: route },
    handler: async (request, reply) => {
      refuseUnstorableText(request);
      let operator: SignedInOperator | null = null;
      if (route.auth === 'operator') {
        operator = await app.authenticateOperator(request);
        if (!operator) throw new ApiError('UNAUTHORIZED', ADMIN_MESSAGES.signIn);
        if (route.permission && !roleAllows(operator.role, route.permission)) {
          throw new ApiError('FORBIDDEN', ADMIN_MESSAGES.forbidden);
        }
      }
      const input = parseInput<Route['request']>(
        route.request,
        route.method === 'GET' ? request.query : request.body,
      );
      const browser = stripMarkup(
        (request.headers['user-agent'] ?? 'unknown').slice(0, 4 * BROWSER_MAX_LENGTH),
      ).slice(0, BROWSER_MAX_LENGTH);
      // The conditional type cannot be narrowed by the `auth` check above.
      const caller = { operator, ip: request.ip, browser } as AdminCaller<
        Route['auth'] extends 'operator' ? SignedInOperator : null
      >;
      const answer = await handler(input, caller, request, reply);
      if (CHECK_ANSWERS) {
        const checked = route.response.safeParse(answer);
        if (!checked.success) {
          throw new Error(`${route.path} answered outside its contract: ${checked.error.message}`);
        }
      }
      return ok(answer);
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The back-office route a handler serves, set by `defineAdminRoute`. */
    adminRoute?: AdminRoute;
  }
}
