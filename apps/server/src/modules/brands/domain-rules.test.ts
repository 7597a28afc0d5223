import { describe, expect, it } from 'vitest';
import type { BettingDefaults, BettingRules } from '@backlay/contract/admin-brands';
import type { SportId } from '@backlay/contract/sports';
import type { BrandDirectory } from './brand-directory';
import { createDomainRules } from './domain-rules';

const CRICKET: SportId = 3;
const FOOTBALL: SportId = 1;

/** A directory of one brand, `own.example`, with these platform rules and brand rules. */
function rulesWith(defaults: Partial<BettingDefaults>, own: BettingRules) {
  const platform: BettingDefaults = {
    commissionPercent: 2,
    all: { minStake: 100, maxStake: 1_000, maxLiability: 5_000 },
    betDelaySeconds: { 3: 5 },
    ...defaults,
  };
  const directory: BrandDirectory = {
    registry: () => {
      throw new Error('not read by the rules of bets');
    },
    settingsFile: () => undefined,
    settings: () => undefined,
    betting: (name) => ({ defaults: platform, own: name === 'own.example' ? own : {} }),
  };
  return createDomainRules(directory);
}

const delays = (
  rules: ReturnType<typeof createDomainRules>,
  domain: string,
  sport: SportId = CRICKET,
) =>
  (['MATCH_ODDS', 'BOOKMAKER', 'FANCY'] as const).map(
    (type) => rules.limits(domain, sport, type).betDelaySeconds,
  );

describe('the in-play delay of a market', () => {
  it("gives bookmaker and fancy the ball-running delay, match odds the sport's", () => {
    const rules = rulesWith({ ballRunningBetDelaySeconds: 1 }, {});
    expect(delays(rules, 'other.example')).toEqual([5, 1, 1]);
  });

  it("keeps the sport's delay on another sport's bookmaker and fancy, which no ball closes", () => {
    const rules = rulesWith({ ballRunningBetDelaySeconds: 0, betDelaySeconds: { 1: 5, 3: 5 } }, {});
    expect(delays(rules, 'other.example', FOOTBALL)).toEqual([5, 5, 5]);
  });

  it("lets a brand set its own ball-running delay, over the platform's", () => {
    const rules = rulesWith({ ballRunningBetDelaySeconds: 1 }, { ballRunningBetDelaySeconds: 0 });
    expect(delays(rules, 'own.example')).toEqual([5, 0, 0]);
    expect(delays(rules, 'other.example')).toEqual([5, 1, 1]);
  });

  it("falls back to the sport's delay where no rules set a ball-running one", () => {
    const rules = rulesWith({}, { betDelaySeconds: { 3: 4 } });
    expect(delays(rules, 'own.example')).toEqual([4, 4, 4]);
    expect(delays(rules, 'other.example')).toEqual([5, 5, 5]);
  });
});
