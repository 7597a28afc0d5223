import { ADMIN_API_PREFIX } from '@backlay/contract/admin-calls';
import { vi } from 'vitest';

/** A call as a test reads it back. */
export interface SeenCall {
  /** The path under `/admin/api/` (`players`, `markets/settle`). */
  path: string;
  method: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; undefined when none was sent. */
  body: unknown;
}

export type Answer = (call: SeenCall) => Response | Promise<Response>;

/**
 * Stubs `fetch` to answer back-office calls by path; a call to any other path fails the test
 * loudly. Returns the calls made, in order, for the test to check what was sent.
 */
export function serveAdmin(answers: Record<string, Answer>): SeenCall[] {
  const seen: SeenCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const call: SeenCall = {
        path: url.pathname.startsWith(ADMIN_API_PREFIX)
          ? url.pathname.slice(ADMIN_API_PREFIX.length)
          : url.pathname,
        method: init?.method ?? 'GET',
        query: url.searchParams,
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      seen.push(call);
      const answer = answers[call.path];
      if (!answer) throw new Error(`unexpected call to ${url.pathname}`);
      return answer(call);
    }),
  );
  return seen;
}
