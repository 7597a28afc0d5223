import type { FastifyInstance, FastifyReply } from 'fastify';
import { ok } from '@backlay/contract/envelope';
import { API_ROUTES, apiPath, type RouteResult } from '@backlay/contract/routes';
import type { Database } from '../../db/database';
import { defineApiRoute, requirePlayer, requestDomain } from '../../http/api-route';
import { isLocalRequest } from '../../http/loopback';
import { findUnstorableText } from '../../http/storable-text';
import type { AccountService } from './account-service';
import { exchangeAuthorizationCode, issueAuthorizationCode, OAuthError } from './oauth';
import { DEV_OUTBOX_PATH, readOutbox } from './sms';

export interface AccountRoutesOptions {
  db: Database;
  accounts: AccountService;
  tokenKey: Buffer;
  /**
   * Whether `GET /api/dev/outbox` exists: only with no SMS provider and outside production.
   * It answers loopback requests only.
   */
  devOutbox: boolean;
  now: () => Date;
  /**
   * Closes a player's live hub connections on every instance, letting each reconnect: after a
   * password change the device that made it comes back with its new token, the others' old
   * tokens are refused.
   */
  reconnectPlayer?: (domain: string, playerId: string, reason: string) => Promise<unknown>;
}

/** What a player's other devices are told as their connections close after a password change. */
export const PASSWORD_CHANGED_CLOSE = 'The password was changed. Please log in again.';

/** A handler's player on an auth-required route; the route definition has already checked it. */
/**
 * Reads `user:secret` from an HTTP Basic header (RFC 6749 §2.3.1): null when none is sent,
 * `malformed` when one is sent that cannot be read (no colon, or a bad percent-escape).
 */
function basicCredentials(
  header: string | undefined,
): { id: string; secret: string } | 'malformed' | null {
  if (!/^Basic(?:\s|$)/i.test(header ?? '')) return null;
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return 'malformed';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  } catch {
    // decodeURIComponent throws URIError on `%zz` or a lone `%`.
    return 'malformed';
  }
}

/** RFC 6749 §5.2: client authentication through the Authorization header failed. */
function refuseClient(reply: FastifyReply, description: string) {
  return reply
    .code(401)
    .header('www-authenticate', 'Basic realm="backlay"')
    .send({ error: 'invalid_client', error_description: description });
}

const MALFORMED_BASIC = 'The Authorization header is not valid HTTP Basic credentials.';
const UNSTORABLE_PARAMETER =
  'Parameters may not contain the NUL character (\\u0000) or half of a surrogate pair.';

export async function accountRoutes(
  app: FastifyInstance,
  options: AccountRoutesOptions,
): Promise<void> {
  const { accounts, db } = options;

  // OAuth clients post forms (RFC 6749 §4.1.3); the rest of the API speaks JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  defineApiRoute(app, API_ROUTES.authenticate, async (input, context) =>
    accounts.authenticate(input, context),
  );
  defineApiRoute(app, API_ROUTES.loginAsDemoUser, async (_input, context) =>
    accounts.loginAsDemo(context),
  );
  defineApiRoute(app, API_ROUTES.register, async (input, context) =>
    accounts.register(input, context),
  );
  defineApiRoute(app, API_ROUTES.verifyUser, async (input, context) =>
    accounts.verify(input, context),
  );
  defineApiRoute(app, API_ROUTES.resendVerificationCode, async (input, context) =>
    accounts.resendCode(input, context),
  );
  defineApiRoute(app, API_ROUTES.refreshToken, async (input, context) =>
    accounts.refresh(input.refreshToken, context),
  );
  defineApiRoute(app, API_ROUTES.accessTokenValidateTime, async (input, context) =>
    accounts.accessTokenValidity(input.accessToken, context),
  );
  defineApiRoute(app, API_ROUTES.settingExpiry, async () => accounts.settingExpiry());
  defineApiRoute(app, API_ROUTES.changePassword, async (input, context) => {
    const player = requirePlayer(context);
    const result = await accounts.changePassword(player, input, context);
    await options.reconnectPlayer?.(player.domain, player.id, PASSWORD_CHANGED_CLOSE);
    return result;
  });
  defineApiRoute(app, API_ROUTES.userLoginAttempts, async (input, context) =>
    accounts.loginAttempts(requirePlayer(context), input),
  );
  defineApiRoute(app, API_ROUTES.activityLog, async (input, context) =>
    accounts.activityLog(requirePlayer(context), input),
  );
  // The address as this server sees it: behind a trusted proxy (TRUST_PROXY), the client's own
  // from X-Forwarded-For, as login attempts and the activity log record it.
  defineApiRoute(app, API_ROUTES.clientIp, async (_input, context) => ({ ip: context.ip }));
  defineApiRoute(app, API_ROUTES.saveStakes, async (input, context) =>
    accounts.saveStakes(requirePlayer(context), input.stakes),
  );
  defineApiRoute(app, API_ROUTES.userStakes, async (_input, context) =>
    accounts.stakes(requirePlayer(context)),
  );
  defineApiRoute(app, API_ROUTES.userSetting, async (_input, context) =>
    accounts.userInfo(requirePlayer(context)),
  );

  // RFC 6749 answers are plain JSON objects, not the envelope, as OAuth clients expect.
  app.post(
    apiPath(API_ROUTES.oauthToken),
    { config: { apiRoute: API_ROUTES.oauthToken } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      const basic = basicCredentials(request.headers.authorization);
      if (basic === 'malformed') return refuseClient(reply, MALFORMED_BASIC);
      const input = {
        ...(basic ? { client_id: basic.id, client_secret: basic.secret } : {}),
        ...(request.body as object),
      };
      if (findUnstorableText(input) !== null) {
        return reply
          .code(400)
          .send({ error: 'invalid_request', error_description: UNSTORABLE_PARAMETER });
      }
      const parsed = API_ROUTES.oauthToken.request.safeParse(input);
      if (!parsed.success) {
        return reply.code(400).send({
          error: 'invalid_request',
          error_description: parsed.error.issues[0]?.message ?? 'Malformed request.',
        });
      }
      try {
        const { user, tokens } = await exchangeAuthorizationCode(
          db,
          {
            grantType: parsed.data.grant_type,
            code: parsed.data.code,
            redirectUri: parsed.data.redirect_uri,
            clientId: parsed.data.client_id,
            clientSecret: parsed.data.client_secret,
          },
          { domain: requestDomain(request), tokenKey: options.tokenKey, now: options.now() },
        );
        return {
          access_token: tokens.accessToken,
          token_type: 'Bearer',
          expires_in: tokens.expireInSeconds,
          refresh_token: tokens.refreshToken,
          // Beyond RFC 6749: what the player client needs to start the session (spec §3).
          casino_token: tokens.casinoToken,
          user_name: user.user_name,
          domain: user.domain,
          stakes: user.stakes,
          user_ip: request.ip,
        } satisfies RouteResult<typeof API_ROUTES.oauthToken>;
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        if (error.error === 'invalid_client' && basic)
          reply.header('www-authenticate', 'Basic realm="backlay"');
        return reply
          .code(error.error === 'invalid_client' ? 401 : 400)
          .send({ error: error.error, error_description: error.description });
      }
    },
  );

  // The operator's server side of the hand-over: a one-time code for one of its players.
  app.post('/api/v1/token/authorize', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const basic = basicCredentials(request.headers.authorization);
    if (basic === 'malformed') return refuseClient(reply, MALFORMED_BASIC);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (findUnstorableText(basic) !== null || findUnstorableText(body) !== null) {
      return reply
        .code(400)
        .send({ error: 'invalid_request', error_description: UNSTORABLE_PARAMETER });
    }
    const clientId = basic?.id ?? (typeof body.client_id === 'string' ? body.client_id : '');
    const clientSecret =
      basic?.secret ?? (typeof body.client_secret === 'string' ? body.client_secret : undefined);
    if (typeof body.user_name !== 'string' || typeof body.redirect_uri !== 'string' || !clientId) {
      return reply.code(400).send({
        error: 'invalid_request',
        error_description: 'client_id, user_name and redirect_uri are required.',
      });
    }
    try {
      const issued = await issueAuthorizationCode(
        db,
        { clientId, clientSecret, userName: body.user_name, redirectUri: body.redirect_uri },
        options.now(),
      );
      return { code: issued.code, expires_in: issued.expiresIn };
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      return reply
        .code(error.error === 'invalid_client' ? 401 : 400)
        .send({ error: error.error, error_description: error.description });
    }
  });

  if (options.devOutbox) {
    // Codes in the outbox let anyone finish a sign-up: only this machine may read them, and
    // anyone else gets the answer of a path that does not exist.
    app.get(DEV_OUTBOX_PATH, async (request, reply) => {
      if (!isLocalRequest(request)) return reply.callNotFound();
      return ok(await readOutbox(db, 50));
    });
  }
}
