/**
 * The shape of one API call of the route table: where it is served, who may make it, and the
 * schemas of its request and of its envelope's `result`. Each call's entry is a plain object
 * exported on its own from a `*-calls` module, so the client bundles only the entries (and
 * schema modules) of the calls it makes; `routes.ts` gathers every entry into the table.
 */
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/**
 * Whether the call sends the bearer token: `none` never (spec §6 lists these),
 * `optional` when one is stored, `required` for players only.
 */
export type AuthMode = 'none' | 'optional' | 'required';

export interface ApiRoute<
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path under `/api/`, without a leading slash, spelled as the spec spells it. */
  path: string;
  auth: AuthMode;
  /** Whether the global loading indicator shows while the call runs (spec §4). */
  loader: boolean;
  /** True where the spec leaves the path unnamed and this project chose it. */
  pathChosenHere?: true;
  /**
   * True for calls that start something new (a session, an account, a bet): a suspended brand
   * refuses them with SITE_SUSPENDED, while reading and winding down (cancels) go on.
   */
  closedWhenSuspended?: true;
  /**
   * Where the request is read: the query of a GET and the body of a POST, unless this says
   * `bodyAndQuery` (a POST whose fields may also come in the query; the query wins).
   */
  requestIn?: 'bodyAndQuery';
  /** A body limit above the API's default, for the one call that carries a file. */
  bodyLimitBytes?: number;
  /** The request's body or query. */
  request: Request;
  /** The envelope's `result` of a successful answer. */
  response: Response;
}

/** What a caller sends as a call's request, before parsing. */
export type RouteRequest<Route extends ApiRoute> = z.input<Route['request']>;
/** What a call's request parses to. */
export type RouteInput<Route extends ApiRoute> = z.output<Route['request']>;
/** What a successful call answers in the envelope's `result`. */
export type RouteResult<Route extends ApiRoute> = z.output<Route['response']>;

/** The request of a call that takes no input: any fields sent are dropped. */
export const noInputSchema = z.object({});

/** The URL path a route is served on. */
export function apiPath(route: Pick<ApiRoute, 'path'>): string {
  return `/api/${route.path}`;
}

/** Hub methods the client invokes (spec §3, §4). */
export const HUB_METHODS = {
  registerClient: 'RegisterClient',
  sendHeartbeat: 'SendHeartbeat',
} as const;

/** The hub's path on the one origin. */
export const HUB_PATH = '/hubs/main';
