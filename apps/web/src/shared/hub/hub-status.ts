import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** The real-time connection's states (spec §4). */
export const HUB_STATES = [
  'disconnected',
  'connecting',
  'connected',
  'reconnecting',
  'disconnecting',
] as const;

export type HubState = (typeof HUB_STATES)[number];

/**
 * The state of the real-time connection, for the UI. It lives apart from the connection
 * itself so the header can show it without loading the real-time client.
 */
export const hubStatusStore = createStore<{ state: HubState }>()(() => ({
  state: 'disconnected',
}));

/** The real-time connection's state, following it. */
export function useHubState(): HubState {
  return useStore(hubStatusStore, (s) => s.state);
}
