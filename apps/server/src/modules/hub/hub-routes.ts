import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';
import { httpStatusFor } from '@backlay/contract/errors';
import { HUB_PATH } from '@backlay/contract/hub';
import { settingsNameFor, type DomainRegistry } from '@backlay/domains/registry';
import { ApiError } from '../../http/api-error';
import { requestDomain } from '../../http/api-route';
import { hostRefusal } from '../../http/site-gate';
import { LimitRefusal, type RateLimits } from '../limits';
import { refuseUpgrade, type Hub } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The real-time hub: publish to players and market watchers, read presence. */
    hub: Hub;
  }
}

export interface HubRoutesOptions {
  hub: Hub;
  /** The app's proxy trust: with any, the domain may come from `X-Forwarded-Host` as in Fastify. */
  trustProxy: boolean | number | string;
  /** Negotiations and WebSocket opens per address. */
  limits: Pick<RateLimits, 'take'>;
  /** The brands served now: which hosts may connect, and which brand each host is. */
  registry: () => DomainRegistry;
}

/** The `Authorization` value of a hub request: the header, or the browser's `access_token`. */
function authorizationOf(header: string | undefined, accessToken: unknown): string | undefined {
  if (header) return header;
  return typeof accessToken === 'string' && accessToken !== ''
    ? `Bearer ${accessToken}`
    : undefined;
}

function lastValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[header.length - 1] : header;
  return value?.split(',').pop()?.trim() || undefined;
}

/** The host name of a raw upgrade request, read as Fastify reads `request.hostname`. */
function upgradeHostname(request: IncomingMessage, trustProxy: HubRoutesOptions['trustProxy']) {
  const forwarded =
    trustProxy !== false ? lastValue(request.headers['x-forwarded-host']) : undefined;
  const host = forwarded ?? request.headers.host ?? 'localhost';
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return hostname || 'localhost';
}

/** The client address of a raw upgrade request, with the app's proxy trust as Fastify applies it. */
function upgradeAddress(request: IncomingMessage, trustProxy: HubRoutesOptions['trustProxy']) {
  if (trustProxy === false) return request.socket.remoteAddress ?? '';
  const trust =
    trustProxy === true
      ? () => true
      : typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : proxyAddr.compile(trustProxy.split(',').map((part) => part.trim()));
  return proxyAddr(request, trust);
}

const MAX_NEGOTIATE_VERSION = 1;

/**
 * The hub's HTTP side (TransportProtocols.md): `POST /hubs/main/negotiate` and the WebSocket
 * upgrade of `/hubs/main`. Only the WebSockets transport is offered.
 */
export async function hubRoutes(app: FastifyInstance, options: HubRoutesOptions): Promise<void> {
  const { hub } = options;

  // Negotiate has no body worth reading, whatever content type a client declares.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, undefined),
  );

  app.post(`${HUB_PATH}/negotiate`, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const requested = query.negotiateVersion;
    let version = 0;
    if (requested !== undefined) {
      if (typeof requested !== 'string' || !/^\d{1,4}$/.test(requested)) {
        return reply.code(400).send({ error: 'negotiateVersion must be a whole number.' });
      }
      version = Math.min(Number(requested), MAX_NEGOTIATE_VERSION);
    }
    await options.limits.take('hubNegotiateAddress', request.ip);
    const domain = requestDomain(request);
    // A bad token is an ApiError UNAUTHORIZED: 401 in the envelope, as on the API.
    const player = await hub.authenticate(
      authorizationOf(request.headers.authorization, query.access_token),
      domain,
    );
    if (hub.closing) throw new ApiError('UNAVAILABLE', 'The server is shutting down.');
    reply.header('cache-control', 'no-store');
    return hub.negotiate(version, { domain, player });
  });

  // Long polling and server-sent events are not offered; say so rather than serve the app.
  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: HUB_PATH,
    handler: async (_request, reply) =>
      reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send('This hub speaks WebSockets only: negotiate, then open a WebSocket.'),
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://hub.invalid');
    if (url.pathname.replace(/\/+$/, '').toLowerCase() !== HUB_PATH.toLowerCase()) {
      // Nobody else takes upgrades: answer rather than leave the socket hanging.
      if (app.server.listenerCount('upgrade') === 1) refuseUpgrade(socket, 404, 'Not found.');
      return;
    }
    // A client vanishing during the upgrade is not a server error.
    socket.on('error', () => undefined);
    const hostname = upgradeHostname(request, options.trustProxy);
    const registry = options.registry();
    const refusal = hostRefusal(hostname, registry);
    if (refusal) return refuseUpgrade(socket, httpStatusFor(refusal.code), refusal.message);
    const address = upgradeAddress(request, options.trustProxy);
    options.limits
      .take('hubConnectAddress', address)
      .then(() =>
        hub.upgrade(request, socket, head, {
          domain: settingsNameFor(hostname, registry),
          authorization: authorizationOf(
            request.headers.authorization,
            url.searchParams.get('access_token'),
          ),
          connectionToken: url.searchParams.get('id'),
          address,
        }),
      )
      .catch((error: unknown) => {
        if (error instanceof LimitRefusal) {
          if (error.firstInWindow)
            app.log.warn({ limit: error.limit, ip: address }, 'refused by a limit');
          return refuseUpgrade(socket, 429, error.message);
        }
        app.log.error({ err: error }, 'hub upgrade failed');
        refuseUpgrade(socket, 500, 'Something went wrong on our side.');
      });
  };
  app.server.on('upgrade', onUpgrade);

  // Open sockets would hold the HTTP server open: close them before it closes.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    await hub.closeConnections();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });
}
