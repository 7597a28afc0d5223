import { STORAGE_KEYS } from '../storage/storage-keys';
import { readJson, readText } from '../storage/storage';

/** The stored user info (spec §3); a later issue fills it at login. */
export interface UserInfo {
  userId: number | string;
  balance: number;
  exposure: number;
  football: boolean;
  tennis: boolean;
  cricket: boolean;
  kabaddi: boolean;
  horseRacing: boolean;
}

const SPORT_FLAGS = ['football', 'tennis', 'cricket', 'kabaddi', 'horseRacing'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return null;
}

/** Reads user info from stored JSON; anything without a user id is treated as absent. */
export function parseUserInfo(value: unknown): UserInfo | null {
  if (!isRecord(value)) return null;
  const { userId } = value;
  if (typeof userId !== 'number' && typeof userId !== 'string') return null;
  const balance = toNumber(value.balance);
  const exposure = toNumber(value.exposure);
  const info: UserInfo = {
    userId,
    balance: balance ?? Number.NaN,
    exposure: exposure ?? Number.NaN,
    football: false,
    tennis: false,
    cricket: false,
    kabaddi: false,
    horseRacing: false,
  };
  for (const flag of SPORT_FLAGS) info[flag] = value[flag] === true;
  return info;
}

/** The stored access token, if any. */
export function readAccessToken(): string | null {
  const token = readText(STORAGE_KEYS.accessToken);
  return token ? token : null;
}

/** Whether a player is logged in: a stored token, its presence only (spec §6). */
export function hasAccessToken(): boolean {
  return readAccessToken() !== null;
}

/** The stored user info, if any. */
export function readUserInfo(): UserInfo | null {
  return parseUserInfo(readJson(STORAGE_KEYS.userInfo));
}
