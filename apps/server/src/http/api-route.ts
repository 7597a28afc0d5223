import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from '@backlay/contract/envelope';
import {
  apiPath,
  type ApiRoute,
  type RouteInput,
  type RouteResult,
} from '@backlay/contract/route-entry';
import { REGISTRY, settingsNameFor } from '@backlay/domains/registry';
import type { SportFlags } from '@backlay/contract/sports';
import { stripMarkup } from '@backlay/contract/sanitize-input';
import { ApiError } from './api-error';
import { refuseUnstorableText } from './storable-text';

/** The signed-in player a request acts for. */
export interface Player {
  id: string;
  domain: string;
  demo: boolean;
  /** The player's own sport switches, when the caller read them with the player. */
  sports?: SportFlags;
  /** What an operator set on the player's betting, when the caller read it with the player. */
  betting?: PlayerBetting;
}

/** An operator's rules on one player's betting, on top of the brand's. */
export interface PlayerBetting {
  /** Every bet is refused. */
  locked: boolean;
  /** The most one bet may stake; null: the brand's limits only. */
  maxStakeMinor: number | null;
  /** The player set themselves a loss limit: each bet that adds liability is checked against it. */
  lossLimited: boolean;
}

/** Who is asking and from where, as every handler needs it. */
export interface RequestContext {
  /** The domain the request was made on (its settings name: `test` for test hosts). */
  domain: string;
  ip: string;
  /** The User-Agent as plain text (it is stored and shown back), cut to a length worth keeping. */
  browser: string;
  player: Player | null;
}

/** Resolves the bearer of a request, or null when it sends none; throws 401 for a bad one. */
export type Authenticator = (request: FastifyRequest, domain: string) => Promise<Player | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one authenticator of contract routes, decorated by the accounts plugin: every route
     * whose auth mode is not `none` resolves its player with it.
     */
    authenticatePlayer: Authenticator;
  }
}

const BROWSER_MAX_LENGTH = 200;

/**
 * The domain a request is made on, from its Host header, by the brands the app serves now (the
 * shipped registry in an app assembled without them, such as a route's unit test).
 */
export function requestDomain(request: FastifyRequest): string {
  const registry = request.server.hasDecorator('brands')
    ? request.server.brands.registry()
    : REGISTRY;
  return settingsNameFor(request.hostname || 'localhost', registry);
}

/** Parses input against a contract schema; failures become VALIDATION_FAILED with every issue listed. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  throw new ApiError(
    'VALIDATION_FAILED',
    parsed.error.issues[0]?.message ?? 'The request is not valid.',
    issues.join('; '),
  );
}

/** The User-Agent as a player may see it again: markup stripped (spec §5), length bounded. */
function browserOf(userAgent: string | undefined): string {
  // Cut before stripping too, so a huge header costs no more than a long one.
  return stripMarkup((userAgent ?? 'unknown').slice(0, 4 * BROWSER_MAX_LENGTH)).slice(
    0,
    BROWSER_MAX_LENGTH,
  );
}

/** The player of an auth-required route's context (the route has already refused without one). */
export function requirePlayer(context: { player: Player | null }): Player {
  if (!context.player) throw new Error('an auth-required route ran without a player');
  return context.player;
}

export const UNAUTHORIZED_MESSAGE = 'Your session has ended. Please log in again.';

/** Whether answers are checked against their contract schema: in tests, where it is cheap. */
const CHECK_ANSWERS = process.env.NODE_ENV === 'test';

/** The raw input of a call: a GET's query, a POST's body, or both where the route says so. */
function rawInput(route: ApiRoute, request: FastifyRequest): unknown {
  if (route.method === 'GET') return request.query;
  if (route.requestIn === 'bodyAndQuery') {
    return { ...(request.body as object), ...(request.query as object) };
  }
  return request.body;
}

/**
 * Registers a handler for a contract route: the bearer is checked as the route's auth mode
 * says (by the app's one `authenticatePlayer`), the request is parsed with the route's request schema (a failure is VALIDATION_FAILED)
 * and handed to the handler, whose answer, typed by the route's response schema, is wrapped
 * in the success envelope. In tests the answer is also parsed with that schema.
 */
export function defineApiRoute<Route extends ApiRoute>(
  app: FastifyInstance,
  route: Route,
  handler: (
    input: RouteInput<Route>,
    context: RequestContext,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<RouteResult<Route>>,
): void {
  if (route.auth !== 'none' && !app.hasDecorator('authenticatePlayer')) {
    throw new Error(`${route.path} needs a player: register the accounts plugin before it`);
  }
  app.route({
    method: route.method,
    url: apiPath(route),
    config: { apiRoute: route },
    ...(route.bodyLimitBytes ? { bodyLimit: route.bodyLimitBytes } : {}),
    handler: async (request, reply) => {
      refuseUnstorableText(request);
      const domain = requestDomain(request);
      const player = route.auth === 'none' ? null : await app.authenticatePlayer(request, domain);
      if (route.auth === 'required' && !player)
        throw new ApiError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
      const context: RequestContext = {
        domain,
        ip: request.ip,
        browser: browserOf(request.headers['user-agent']),
        player,
      };
      const input = parseInput<Route['request']>(route.request, rawInput(route, request));
      const answer = await handler(input, context, request, reply);
      if (CHECK_ANSWERS) checkAnswer(route, answer);
      return ok(answer);
    },
  });
}

/** Fails loudly when an answer does not match the route's response schema. */
function checkAnswer(route: ApiRoute, answer: unknown): void {
  const checked = route.response.safeParse(answer);
  if (checked.success) return;
  const issues = checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new Error(`${route.path} answered outside its contract: ${issues.join('; ')}`);
}
