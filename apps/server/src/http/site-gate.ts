/**
 * Which hosts the API and the hub serve, and what a suspended brand still does. A `Host` that
 * is not a registered brand (or a test or preview host) gets the maintenance answer and creates
 * nothing: no players, no house accounts. A suspended brand (`siteSuspended`) refuses the calls
 * the contract marks `closedWhenSuspended` (logins, sign-ups, bets), so open positions can still
 * be read and unmatched bets cancelled.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiRoute } from '@backlay/contract/routes';
import { findDomain, isTestHost, type DomainRegistry } from '@backlay/domains/registry';
import { ApiError } from './api-error';
import { requestDomain } from './api-route';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract route a handler serves, set by `defineApiRoute`. */
    apiRoute?: ApiRoute;
  }
}

/** RFC 1035: a name is at most 253 characters; a port may follow. */
const MAX_HOSTNAME_LENGTH = 253;
const HOSTNAME_PATTERN = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/i;
/** Paths served whatever the host: load balancers probe health by address. */
const ANY_HOST_PATHS = new Set(['/api/health']);

export const SITE_MESSAGES = {
  unknown: 'This site is not available.',
  suspended:
    'This site is closed for maintenance. Your balance and bets are safe; please try again later.',
  badHost: 'The Host header is not a valid host name.',
} as const;

export interface SiteGateOptions {
  siteSuspended(domain: string): boolean;
  /** The brands served now (the brand directory's registry). */
  registry(): DomainRegistry;
}

/** Whether a host name (without port) is well formed. */
function isValidHostname(hostname: string): boolean {
  return hostname.length <= MAX_HOSTNAME_LENGTH && HOSTNAME_PATTERN.test(hostname);
}

/** Whether a host is served: a registered brand, one of its aliases or previews, or a test host. */
function isServedHost(hostname: string, registry: DomainRegistry): boolean {
  return isTestHost(hostname, registry) || findDomain(hostname, registry) !== undefined;
}

/** The refusal for a host, or null when it is served. */
export function hostRefusal(hostname: string, registry: DomainRegistry): ApiError | null {
  if (!isValidHostname(hostname)) return new ApiError('MALFORMED_REQUEST', SITE_MESSAGES.badHost);
  if (!isServedHost(hostname, registry))
    return new ApiError('SITE_SUSPENDED', SITE_MESSAGES.unknown);
  return null;
}

/** Throws SITE_SUSPENDED when `domain` is suspended. */
function assertSiteOpen(options: SiteGateOptions, domain: string): void {
  if (options.siteSuspended(domain)) {
    throw new ApiError('SITE_SUSPENDED', SITE_MESSAGES.suspended);
  }
}

function servesAnyHost(request: FastifyRequest): boolean {
  return ANY_HOST_PATHS.has((request.url.split('?')[0] ?? '').toLowerCase());
}

/** The gate on `/api` and `/hubs`: unknown hosts first, then suspended brands per route. */
export function siteGate(app: FastifyInstance, options: SiteGateOptions): void {
  app.addHook('onRequest', async (request) => {
    const url = request.url.toLowerCase();
    if (!url.startsWith('/api/') && !url.startsWith('/hubs/')) return;
    if (servesAnyHost(request)) return;
    const refusal = hostRefusal(request.hostname || 'localhost', options.registry());
    if (refusal) throw refusal;
  });
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.apiRoute?.closedWhenSuspended) return;
    assertSiteOpen(options, requestDomain(request));
  });
}
