import { HUB_PATH } from '@backlay/contract/hub';
import { HubConnectionBuilder } from '@microsoft/signalr';
import type { QueryClient } from '@tanstack/react-query';
import { apiBaseUrl } from '../api/base-url';
import { readAccessToken } from '../session/session';
import {
  HubClient,
  logHubError,
  type HubClientIdentity,
  type HubConnectionBuilderLike,
} from './hub-client';
import { applyHubPush, BalanceVersions } from './hub-pushes';
import { hubStatusStore } from './hub-status';

/*
 * The application's real-time client, put together. This module brings the real-time
 * library with it, so it is only ever imported once a session exists.
 */

export interface RealtimeDeps {
  queryClient: QueryClient;
  describeClient: () => HubClientIdentity;
  /** The connection builder; the library's by default. */
  createBuilder?: () => HubConnectionBuilderLike;
}

/**
 * The hub's URL: `HUB_PATH` on the API's origin, which is this origin unless the saved
 * base URL names another (spec §7).
 */
export function hubUrl(origin: string = window.location.origin): string {
  return new URL(HUB_PATH, new URL(apiBaseUrl(origin)).origin).href;
}

/**
 * A real-time client that connects with the stored token, writes pushed balances into the
 * query cache (never one older than a balance already pushed), hands market updates to their
 * listeners and shows its state in the UI.
 */
export function createRealtimeClient(deps: RealtimeDeps): HubClient {
  const versions = new BalanceVersions(readAccessToken);
  return new HubClient({
    url: hubUrl(),
    createBuilder: deps.createBuilder ?? (() => new HubConnectionBuilder()),
    readToken: readAccessToken,
    describeClient: deps.describeClient,
    onMessage: (payload) => applyHubPush(payload, deps.queryClient, logHubError, versions),
    onStateChange: (state) => hubStatusStore.setState({ state }),
    logError: logHubError,
  });
}
