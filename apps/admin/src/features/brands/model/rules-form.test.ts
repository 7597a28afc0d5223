import { describe, expect, it } from 'vitest';
import { buildBettingDefaults } from '../../../shared/test/fixtures';
import {
  fieldsToRules,
  RULES_MESSAGES,
  rulesPlaceholders,
  rulesToFields,
  type RulesFields,
} from './rules-form';

const empty = (): RulesFields => rulesToFields({});

describe('fieldsToRules', () => {
  it('leaves out every rule whose fields are empty', () => {
    expect(fieldsToRules(empty())).toEqual({ rules: {}, errors: {} });
  });

  it('parses the numbers typed, keeping only the sports that set something', () => {
    const fields = empty();
    fields.commissionPercent = '2.5';
    fields.all = { minStake: '100', maxStake: '5,00,000', maxLiability: '20,00,000' };
    fields.sports['3'] = { minStake: '50', maxStake: '100000', maxLiability: '400000' };
    fields.betDelaySeconds['3'] = '4';
    fields.betDelaySeconds['1'] = '0';
    expect(fieldsToRules(fields)).toEqual({
      rules: {
        commissionPercent: 2.5,
        all: { minStake: 100, maxStake: 500000, maxLiability: 2000000 },
        sports: { '3': { minStake: 50, maxStake: 100000, maxLiability: 400000 } },
        betDelaySeconds: { '1': 0, '3': 4 },
      },
      errors: {},
    });
  });

  it('says which field is not a number, and leaves its rule out', () => {
    const fields = empty();
    fields.commissionPercent = 'two';
    fields.fancy = { minStake: '100', maxStake: 'lots', maxLiability: '500000' };
    fields.betDelaySeconds['2'] = '3s';
    expect(fieldsToRules(fields)).toEqual({
      rules: {},
      errors: {
        commissionPercent: RULES_MESSAGES.notANumber,
        'fancy.maxStake': RULES_MESSAGES.notANumber,
        'betDelaySeconds.2': RULES_MESSAGES.notANumber,
      },
    });
  });

  it('asks for all three limits of a set, or none', () => {
    const fields = empty();
    fields.sports['26'] = { minStake: '100', maxStake: '', maxLiability: '' };
    expect(fieldsToRules(fields).errors).toEqual({
      'sports.26.maxStake': RULES_MESSAGES.partialLimits,
      'sports.26.maxLiability': RULES_MESSAGES.partialLimits,
    });
    expect(fieldsToRules(fields).rules).toEqual({});
  });

  it('requires the commission and the limits of all markets for the platform', () => {
    expect(fieldsToRules(empty(), { required: true }).errors).toEqual({
      commissionPercent: RULES_MESSAGES.required,
      'all.minStake': RULES_MESSAGES.required,
      'all.maxStake': RULES_MESSAGES.required,
      'all.maxLiability': RULES_MESSAGES.required,
    });
  });

  it('gives back the rules it was shown', () => {
    const { rules } = buildBettingDefaults();
    expect(fieldsToRules(rulesToFields(rules), { required: true })).toEqual({ rules, errors: {} });
    for (const cashOut of [true, false]) {
      expect(fieldsToRules(rulesToFields({ cashOut })).rules).toEqual({ cashOut });
    }
  });

  it('reads the ball-running delay as its own rule, and says when it is not a number', () => {
    expect(fieldsToRules({ ...empty(), ballRunningBetDelaySeconds: '1' }).rules).toEqual({
      ballRunningBetDelaySeconds: 1,
    });
    expect(fieldsToRules({ ...empty(), ballRunningBetDelaySeconds: 'none' })).toEqual({
      rules: {},
      errors: { ballRunningBetDelaySeconds: RULES_MESSAGES.notANumber },
    });
    expect(rulesToFields({ ballRunningBetDelaySeconds: 0 }).ballRunningBetDelaySeconds).toBe('0');
  });

  it('sets cash out only when chosen, so an empty choice keeps the default', () => {
    expect(rulesToFields({}).cashOut).toBe('');
    expect(fieldsToRules({ ...empty(), cashOut: 'off' }).rules).toEqual({ cashOut: false });
    expect(fieldsToRules({ ...empty(), cashOut: 'on' }).rules).toEqual({ cashOut: true });
    expect(fieldsToRules(empty()).rules).not.toHaveProperty('cashOut');
  });
});

describe('rulesPlaceholders', () => {
  const platform = buildBettingDefaults().rules;

  it('shows the platform’s values in a brand’s empty fields', () => {
    const shown = rulesPlaceholders({}, platform);
    expect(shown.commissionPercent).toBe('2');
    expect(shown.all.maxStake).toBe('500000');
    expect(shown.sports['26'].maxStake).toBe('100000');
    expect(shown.sports['3'].maxStake).toBe('500000');
    expect(shown.fancy.maxLiability).toBe('500000');
    expect(shown.betDelaySeconds['2']).toBe('3');
    expect(shown.cashOut).toBe('on');
    expect(rulesPlaceholders({}, { ...platform, cashOut: false }).cashOut).toBe('off');
  });

  it('shows the platform’s ball-running delay, or else its cricket delay', () => {
    const withDelay = { ...platform, ballRunningBetDelaySeconds: 1 };
    expect(rulesPlaceholders({}, withDelay).ballRunningBetDelaySeconds).toBe('1');
    const { ballRunningBetDelaySeconds: _unset, ...without } = withDelay;
    expect(rulesPlaceholders({}, without).ballRunningBetDelaySeconds).toBe('5');
  });

  it('shows a brand’s own limits of all markets in its sports’ empty rows', () => {
    const own = { all: { minStake: 50, maxStake: 250000, maxLiability: 1000000 } };
    expect(rulesPlaceholders(own, platform).sports['26'].maxStake).toBe('250000');
  });

  it('for the platform’s own rules, shows their limits of all markets under each sport', () => {
    const shown = rulesPlaceholders(platform, null);
    expect(shown.sports['1'].minStake).toBe('100');
    expect(shown.commissionPercent).toBe('');
    expect(shown.betDelaySeconds['1']).toBe('0');
  });
});
