import type { StakeButton } from '@backlay/contract/account';
import { createStore } from 'zustand/vanilla';
import { STORAGE_KEYS, type StorageKey } from '../storage/storage-keys';
import { readJson, readText, removeKey, writeJson, writeText } from '../storage/storage';

/**
 * The stored user info (spec §3): the `Setting/GetSetting` answer, plus the login result's
 * `userName` (Demo for demo accounts) and stake buttons, so the stake-buttons page and the
 * bet slip read them from one place.
 */
export interface UserInfo {
  userId: string | number | null;
  userName: string;
  isDemo: boolean;
  balance: number;
  exposure: number;
  /**
   * The bonus wallet (active bonuses, apart from cash), as `Setting/GetSetting` gives it; not
   * read back from storage (the first visit's bundle has no room), so it shows once fetched.
   */
  bonus?: number;
  football: boolean;
  tennis: boolean;
  cricket: boolean;
  kabaddi: boolean;
  horseRacing: boolean;
  /** The player's stake buttons; null until known. */
  stakes: StakeButton[] | null;
}

/** The session: the bearer, how to renew it, when it ends, and who it belongs to. */
export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  /** When the access token expires, in ms since the epoch (`expire_in`). */
  expiresAtMs: number | null;
  userInfo: UserInfo | null;
}

/** What a login, a verification, a password change or a refresh hands over. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  expireInSeconds: number;
}

export const EMPTY_SESSION: SessionState = {
  accessToken: null,
  refreshToken: null,
  expiresAtMs: null,
  userInfo: null,
};

/** The keys a session is persisted under. */
export const SESSION_KEYS = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.expireIn,
  STORAGE_KEYS.userInfo,
] as const satisfies readonly StorageKey[];

/** What an expired session loses on reload (spec §4): the session, open bets and P&L. */
export const EXPIRED_SESSION_KEYS = [
  ...SESSION_KEYS,
  STORAGE_KEYS.openBets,
] as const satisfies readonly StorageKey[];

const SPORT_FLAGS = ['football', 'tennis', 'cricket', 'kabaddi', 'horseRacing'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toNumber(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return Number.NaN;
}

/** Stake buttons as stored: each a title and a positive amount (contract: stakeButtonSchema). */
function parseStakes(value: unknown): StakeButton[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const valid = value.every(
    (v) =>
      isRecord(v) &&
      typeof v.title === 'string' &&
      v.title.trim() !== '' &&
      typeof v.value === 'number' &&
      Number.isInteger(v.value) &&
      v.value > 0,
  );
  return valid ? value.map((v: StakeButton) => ({ title: v.title, value: v.value })) : null;
}

/**
 * Reads user info from stored JSON. Stored data may predate this client, so it is read
 * leniently: unknown amounts are NaN (shown as unknown), missing flags are off.
 */
export function parseUserInfo(value: unknown): UserInfo | null {
  if (!isRecord(value)) return null;
  const { userId, userName } = value;
  const id = typeof userId === 'string' || typeof userId === 'number' ? userId : null;
  if (id === null && typeof userName !== 'string') return null;
  const info: UserInfo = {
    userId: id,
    userName: typeof userName === 'string' ? userName : '',
    isDemo: value.isDemo === true,
    balance: toNumber(value.balance),
    exposure: toNumber(value.exposure),
    football: false,
    tennis: false,
    cricket: false,
    kabaddi: false,
    horseRacing: false,
    stakes: parseStakes(value.stakes),
  };
  for (const flag of SPORT_FLAGS) info[flag] = value[flag] === true;
  return info;
}

/** The session as the browser has it stored. */
export function readStoredSession(): SessionState {
  const expiresAtMs = Number(readText(STORAGE_KEYS.expireIn) ?? Number.NaN);
  return {
    accessToken: readText(STORAGE_KEYS.accessToken) || null,
    refreshToken: readText(STORAGE_KEYS.refreshToken) || null,
    expiresAtMs: Number.isFinite(expiresAtMs) ? expiresAtMs : null,
    userInfo: parseUserInfo(readJson(STORAGE_KEYS.userInfo)),
  };
}

function writeOrRemove(key: StorageKey, value: string | null): void {
  if (value === null) removeKey(key);
  else writeText(key, value);
}

function persist(state: SessionState): void {
  writeOrRemove(STORAGE_KEYS.accessToken, state.accessToken);
  writeOrRemove(STORAGE_KEYS.refreshToken, state.refreshToken);
  writeOrRemove(
    STORAGE_KEYS.expireIn,
    state.expiresAtMs === null ? null : String(state.expiresAtMs),
  );
  if (state.userInfo === null) removeKey(STORAGE_KEYS.userInfo);
  else writeJson(STORAGE_KEYS.userInfo, state.userInfo);
}

/** The one source of truth of the session; every change goes through the functions below. */
export const sessionStore = createStore<SessionState>()(() => EMPTY_SESSION);

function update(next: SessionState): void {
  persist(next);
  sessionStore.setState(next, true);
}

/** Whether a stored session has passed its expiry. */
export function isExpired(state: SessionState, nowMs: number): boolean {
  return state.expiresAtMs !== null && state.expiresAtMs <= nowMs;
}

let listeningToOtherTabs = false;

/**
 * Restores the session on start-up (spec §4): an expired one is cleared (token, user info,
 * open bets, P&L, balance and exposure; the player is logged out), otherwise the bearer
 * comes back. Afterwards the store follows logins and logouts made in other tabs.
 */
export function restoreSession(nowMs: number = Date.now()): SessionState {
  const stored = readStoredSession();
  if (isExpired(stored, nowMs)) {
    for (const key of EXPIRED_SESSION_KEYS) removeKey(key);
    sessionStore.setState(EMPTY_SESSION, true);
  } else {
    sessionStore.setState(stored, true);
  }
  if (!listeningToOtherTabs) {
    listeningToOtherTabs = true;
    window.addEventListener('storage', (event) => {
      if (event.key === null || (SESSION_KEYS as readonly string[]).includes(event.key)) {
        sessionStore.setState(readStoredSession(), true);
      }
    });
  }
  return sessionStore.getState();
}

/** Starts or renews the session with fresh tokens; expiry = now + expireInSeconds (ms). */
export function storeTokens(tokens: SessionTokens, nowMs: number = Date.now()): void {
  update({
    ...sessionStore.getState(),
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAtMs: nowMs + tokens.expireInSeconds * 1000,
  });
}

/** Stores the player's user info. */
export function storeUserInfo(userInfo: UserInfo): void {
  update({ ...sessionStore.getState(), userInfo });
}

/** Stores the player's stake buttons beside their user info. */
export function storeStakes(stakes: StakeButton[]): void {
  const { userInfo } = sessionStore.getState();
  if (userInfo) storeUserInfo({ ...userInfo, stakes });
}

/** Forgets the session: token, refresh token, expiry and user info (spec §4's 401 wipe). */
export function wipeSession(): void {
  update(EMPTY_SESSION);
}

/** Resets the in-memory session without touching storage (tests, and after a full clear). */
export function resetSessionStore(): void {
  sessionStore.setState(EMPTY_SESSION, true);
}
