import type { FastifyInstance } from 'fastify';
import type { HttpFetch } from './http-gateway';

/** A request whose answer is read only as status and text. */
export interface TextRequest {
  method: 'GET' | 'POST';
  /** Header names in lower case. */
  headers: Record<string, string>;
  body?: string;
}

/** An answer read only as status and text (a `fetch` Response is one). */
export interface TextAnswer {
  status: number;
  text(): Promise<string>;
}

export type TextFetch = (url: string, init: TextRequest) => Promise<TextAnswer>;

/**
 * The origin that stands for "this server, in-process": a name that never resolves (`.invalid`,
 * RFC 2606), so a URL on it can only mean the app itself.
 */
export const IN_PROCESS_ORIGIN = 'http://in-process.invalid';

/** Statuses whose answers have no body. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` that sends requests for `IN_PROCESS_ORIGIN` through the app's own HTTP handling
 * (`inject`: the same routing, parsers, hooks and answers as a request from a socket, without
 * one, so it works before the server listens and whatever address it listens on) and every
 * other request to `outside`. The built-in sandbox and Backlay's payments talk through it.
 */
export function inProcessFetch(app: FastifyInstance, outside: HttpFetch = fetch): HttpFetch {
  return async (url, init) => {
    const target = new URL(url);
    if (target.origin !== IN_PROCESS_ORIGIN) return outside(url, init);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      throw new TypeError('in-process requests carry text bodies only');
    }
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      // A served host: the site gate lets `localhost` through as the test brand's host.
      headers: { ...headers, host: 'localhost' },
      remoteAddress: '127.0.0.1',
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value])
        answerHeaders.append(name, String(one));
    }
    return new Response(NO_BODY.has(res.statusCode) ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: answerHeaders,
    });
  };
}

/**
 * `inProcessFetch` for callers that read only an answer's status and text (the built-in games
 * studio's wallet callbacks, thousands a second in a busy round): the same request through the
 * app's own HTTP handling, without building a web Request, Headers, Response and body stream
 * around each one. Other origins go to `outside`.
 */
export function inProcessTextFetch(app: FastifyInstance, outside: HttpFetch = fetch): TextFetch {
  return async (url, init) => {
    if (!url.startsWith(`${IN_PROCESS_ORIGIN}/`)) return outside(url, init);
    const res = await app.inject({
      method: init.method,
      url: url.slice(IN_PROCESS_ORIGIN.length),
      // A served host: the site gate lets `localhost` through as the test brand's host.
      headers: { ...init.headers, host: 'localhost' },
      remoteAddress: '127.0.0.1',
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    const text = NO_BODY.has(res.statusCode) ? '' : res.payload;
    return { status: res.statusCode, text: () => Promise.resolve(text) };
  };
}
