import type { FastifyInstance } from 'fastify';
import type { HttpFetch } from './http-gateway';

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
