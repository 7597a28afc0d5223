import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config-error';
import { loadCardTablesSettings } from './card-settings';

const FILE = {
  teenPatti: {
    bettingMs: 10_000,
    cardMs: 500,
    pauseMs: 3_000,
    maxRoundStakeMinor: 500_000,
    bets: { A: { minBetMinor: 2_000, maxBetMinor: 200_000 } },
  },
  dragonTiger: { enabled: false, bets: { TIE: { minBetMinor: 1_000, maxBetMinor: 50_000 } } },
};

describe('the card tables settings', () => {
  it('reads the file, defaults what it leaves out, and lets the environment override', () => {
    const settings = loadCardTablesSettings(
      {
        TEEN_PATTI_CARD_MS: '700',
        DRAGON_TIGER_TIE_MAX_BET_MINOR: '20000',
        ANDAR_BAHAR_ENABLED: 'off',
      },
      FILE,
    );
    expect(settings.mac_teen_patti).toEqual({
      enabled: true,
      bettingMs: 10_000,
      cardMs: 700,
      pauseMs: 3_000,
      maxRoundStakeMinor: 500_000,
      limits: {
        A: { minBetMinor: 2_000, maxBetMinor: 200_000 },
        B: { minBetMinor: 1_000, maxBetMinor: 1_000_000 },
      },
    });
    expect(settings.mac_dragon_tiger.enabled).toBe(false);
    expect(settings.mac_dragon_tiger.limits.TIE).toEqual({
      minBetMinor: 1_000,
      maxBetMinor: 20_000,
    });
    expect(settings.mac_dragon_tiger.bettingMs).toBe(12_000);
    expect(settings.dream_andar_bahar.enabled).toBe(false);
    expect(Object.keys(settings.dream_andar_bahar.limits)).toEqual(['ANDAR', 'BAHAR']);
  });

  it('reads Lucky 7 from the file’s luckySeven and its LUCKY_SEVEN_ variables', () => {
    const settings = loadCardTablesSettings(
      { LUCKY_SEVEN_SEVEN_MAX_BET_MINOR: '50000', LUCKY_SEVEN_PAUSE_MS: '2500' },
      { luckySeven: { cardMs: 900, bets: { LOW: { minBetMinor: 5_000 } } } },
    );
    expect(settings.king_lucky_seven).toEqual({
      enabled: true,
      bettingMs: 12_000,
      cardMs: 900,
      pauseMs: 2_500,
      maxRoundStakeMinor: 2_000_000,
      limits: {
        LOW: { minBetMinor: 5_000, maxBetMinor: 1_000_000 },
        HIGH: { minBetMinor: 1_000, maxBetMinor: 1_000_000 },
        SEVEN: { minBetMinor: 1_000, maxBetMinor: 50_000 },
      },
    });
    expect(() => loadCardTablesSettings({ LUCKY_SEVEN_HIGH_MIN_BET_MINOR: 'x' }, {})).toThrow(
      /LUCKY_SEVEN_HIGH_MIN_BET_MINOR must be a whole number/,
    );
  });

  it('stops the start with a sentence naming a bad value', () => {
    expect(() => loadCardTablesSettings({ TEEN_PATTI_BETTING_MS: 'soon' }, {})).toThrow(
      /TEEN_PATTI_BETTING_MS must be a whole number/,
    );
    expect(() =>
      loadCardTablesSettings({}, { andarBahar: { bets: { ANDAR: { minBetMinor: -5 } } } }),
    ).toThrow(/andarBahar.bets.ANDAR.minBetMinor in config\/house-games.json/);
    expect(() => loadCardTablesSettings({ DRAGON_TIGER_TIE_MIN_BET_MINOR: '60000' }, FILE)).toThrow(
      ConfigError,
    );
    expect(() => loadCardTablesSettings({ DRAGON_TIGER_ENABLED: 'maybe' }, {})).toThrow(
      /DRAGON_TIGER_ENABLED must be on or off/,
    );
  });
});
