import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config-error';
import { loadLimitSettings, parseLimitWindows } from './limit-rules';

describe('limit settings', () => {
  it('reads one or more windows, with units, and off', () => {
    expect(parseLimitWindows('X', '5/15m')).toEqual([{ points: 5, durationSeconds: 900 }]);
    expect(parseLimitWindows('X', '20/2s, 300/1m')).toEqual([
      { points: 20, durationSeconds: 2 },
      { points: 300, durationSeconds: 60 },
    ]);
    expect(parseLimitWindows('X', '3/h')).toEqual([{ points: 3, durationSeconds: 3_600 }]);
    expect(parseLimitWindows('X', 'OFF')).toEqual([]);
  });

  it('refuses what it cannot read, naming the variable', () => {
    for (const bad of ['', '5', '5/15', '0/1m', '5/15y', '5/8d', 'x/1m', '5/1m,', '-1/1m']) {
      expect(() => parseLimitWindows('LIMIT_BETS_PLAYER', bad), bad).toThrow(ConfigError);
      expect(() => parseLimitWindows('LIMIT_BETS_PLAYER', bad), bad).toThrow(/LIMIT_BETS_PLAYER/);
    }
  });

  it('takes each variable over its default, and the default when it is unset or empty', () => {
    const settings = loadLimitSettings({ LIMIT_DEMO_ADDRESS: 'off', LIMIT_BETS_PLAYER: '' });
    expect(settings.demoAddress).toEqual([]);
    expect(settings.betsPlayer).toEqual([
      { points: 20, durationSeconds: 2 },
      { points: 300, durationSeconds: 60 },
    ]);
    expect(settings.loginAccountAddress).toEqual([{ points: 5, durationSeconds: 900 }]);
  });
});
