// Calls of the sports API made from a page, as its player, for end-to-end tests.
import type { Page } from '@playwright/test';

export interface ListedEvent {
  id: number;
  externalId: string;
  title: string;
  status: string;
  openDate: string;
  sportId: number;
  matchOdds: {
    marketId: string;
    status: string;
    runners: { id: number; name: string; back: { price: number } | null }[];
  } | null;
}

export interface Envelope<T> {
  success: boolean;
  result: T;
  error: { message: string; details: string | null } | null;
}

/** Calls the API from the page, as the player (the token the page stored). */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST',
  call: string,
  input: Record<string, unknown> = {},
): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, call, input }) => {
      const token = localStorage.getItem('accessToken');
      const query =
        method === 'GET' ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
      const response = await fetch(`/api/${call}${query}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
      });
      return response.json();
    },
    { method, call, input },
  ) as Promise<Envelope<T>>;
}
