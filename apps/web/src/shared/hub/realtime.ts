import { sessionStore } from '../session/session-store';
import type { RealtimeDeps } from './connect-hub';
import type { HubClient } from './hub-client';

/*
 * The application's door to the real-time connection. It is light on purpose: the client
 * and its library load (a dynamic import) only once a session exists, so a guest's first
 * visit never downloads them.
 */

let deps: RealtimeDeps | null = null;
let client: Promise<HubClient> | null = null;

function loadClient(): Promise<HubClient> | null {
  if (!deps) return null;
  const using = deps;
  client ??= import('./connect-hub').then(({ createRealtimeClient }) =>
    createRealtimeClient(using),
  );
  return client;
}

/**
 * Keeps the real-time connection up while a session exists (spec §4): it connects on login
 * and on a reload with a live session, and stops on logout or when the server ends the
 * session. The returned function disconnects for good.
 */
export function connectRealtime(next: RealtimeDeps): () => Promise<void> {
  deps = next;
  let loggedIn = false;
  const follow = () => {
    const now = sessionStore.getState().accessToken !== null;
    if (now === loggedIn) return;
    loggedIn = now;
    if (now) void loadClient()?.then((c) => c.start());
    else void client?.then((c) => c.stop());
  };
  const unsubscribe = sessionStore.subscribe(follow);
  follow();
  return async () => {
    unsubscribe();
    const stopping = client?.then((c) => c.stop());
    deps = null;
    client = null;
    await stopping;
  };
}

/**
 * Asks the hub for pushes of these markets' odds and status (see `onMarketUpdate`); they
 * are asked for again after every reconnection, until `unwatchMarkets`.
 */
export function watchMarkets(ids: readonly string[]): void {
  void loadClient()?.then((c) => c.watchMarkets(ids));
}

/** Stops asking for these markets' pushes. */
export function unwatchMarkets(ids: readonly string[]): void {
  void loadClient()?.then((c) => c.unwatchMarkets(ids));
}
