import { useHubState } from '../../../shared/hub/hub-status';

/** Poll periods of the sports pages: quick while pushes cannot arrive, slow while they do. */
export const POLL_MS = {
  /** Prices of an open market page while the real-time connection is down. */
  oddsOffline: 5_000,
  /** Event lists while the connection is down. */
  listsOffline: 15_000,
  /** Event lists while it is up: pushes carry prices, this picks up new events. */
  listsOnline: 60_000,
} as const;

/** Whether the real-time connection is up, so pushes keep prices current. */
export function useHubConnected(): boolean {
  return useHubState() === 'connected';
}

/** How often an event list is read again. */
export function useListPollMs(): number {
  return useHubConnected() ? POLL_MS.listsOnline : POLL_MS.listsOffline;
}
