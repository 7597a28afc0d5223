import { describe, expect, it } from 'vitest';
import { LAUNCH_PARAMS as CONTRACT_LAUNCH_PARAMS } from '@backlay/contract/casino-wallet';
import {
  CRASH_BET_STATES,
  CRASH_HISTORY_LENGTH,
  CRASH_PAUSE_REASONS,
  CRASH_PROTOCOL_VERSION,
  CRASH_REFUSAL_CODES,
  CRASH_REFUSALS,
  CRASH_VERIFY_PARAMS,
} from '@backlay/contract/house-games';
import { LAUNCH_PARAMS } from '../shared/launch';
import {
  BET_STATE_LIST,
  HISTORY_LENGTH,
  NO_SESSION,
  PAUSE_REASON_LIST,
  PROTOCOL_VERSION,
  VERIFY_PARAMS,
} from './contract-values';
import laterEn from './later/en.json';
import laterHi from './later/hi.json';
import verifyEn from './verify/words/en.json';
import verifyHi from './verify/words/hi.json';
import wordsEn from './words/en.json';
import wordsHi from './words/hi.json';
import { expectTranslated } from '../shared/test/catalogues';

describe('the crash game’s words', () => {
  it('has every sentence of the game in Hindi', () => {
    expectTranslated(wordsEn, wordsHi);
  });

  it('has the rules in Hindi, and every refusal of the contract', () => {
    const entries = Object.entries(laterHi);
    const refusals = entries.map(([key]) => key).filter((key) => key.startsWith('refusal.'));
    const rulesHi = Object.fromEntries(entries.filter(([key]) => !key.startsWith('refusal.')));
    expectTranslated(laterEn, rulesHi);
    expect(refusals.sort()).toEqual(CRASH_REFUSAL_CODES.map((code) => `refusal.${code}`).sort());
  });

  it('has every sentence of the verify page in Hindi', () => {
    expectTranslated(verifyEn, verifyHi);
  });
});

describe('the contract’s constants as the game restates them', () => {
  it('are the contract’s, value for value', () => {
    expect(PROTOCOL_VERSION).toBe(CRASH_PROTOCOL_VERSION);
    expect(HISTORY_LENGTH).toBe(CRASH_HISTORY_LENGTH);
    expect(VERIFY_PARAMS).toEqual(CRASH_VERIFY_PARAMS);
    expect(LAUNCH_PARAMS).toEqual(CONTRACT_LAUNCH_PARAMS);
    expect(BET_STATE_LIST).toEqual([...CRASH_BET_STATES]);
    expect(PAUSE_REASON_LIST).toEqual([...CRASH_PAUSE_REASONS]);
    expect(NO_SESSION).toBe(CRASH_REFUSALS.INVALID_TOKEN);
  });
});
