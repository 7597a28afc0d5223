/**
 * Browser storage keys (spec §3). The values keep the spec's spellings so data saved by
 * earlier versions of the client is still found.
 */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refresh_token',
  expireIn: 'expire_in',
  userInfo: 'userinfo',
  openBets: 'OpenBets',
  domainSetting: 'domainSetting',
  siteSuspended: 'siteSuspended',
  lobbyUrl: 'lotus_url',
  baseUrl: 'baseUrl',
  uiPreferences: 'uiPreferences',
} as const;

/**
 * Keys of device settings the spec does not name. Each is spelled here and given its value
 * by the feature that owns the setting, beside its code: a key in `STORAGE_KEYS` would ship
 * in the entry chunk to every first visit.
 */
export type FeatureStorageKey =
  | 'oneTapBetting'
  | 'language'
  | 'casinoFavourites'
  | 'casinoRecentGames'
  | 'statementHolds'
  | 'firstDepositPromptDismissed';

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | FeatureStorageKey;
