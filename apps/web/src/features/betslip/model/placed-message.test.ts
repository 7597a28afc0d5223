import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { buildBet } from '../../../shared/test/sports-fixtures';
import { buildSelection } from '../test/selection-fixtures';
import { placedMessage, placingMessage } from './placed-message';

/** Laid the 85-run value of a fancy session at a rate of 100; ₹600 of ₹1,000 matched at 90. */
const SESSION_BET = buildBet({
  marketName: '6 Over Runs MI',
  marketType: 'FANCY',
  line: 84.5,
  runnerName: 'Yes',
  side: 'LAY',
  price: 2,
  averagePrice: 1.9,
  stake: 1000,
  matchedStake: 600,
  unmatchedStake: 400,
  status: 'PARTIALLY_MATCHED',
});

describe('what the toasts say of a bet', () => {
  it('names a session by its run value and its prices as rates', () => {
    expect(placedMessage(SESSION_BET)).toBe(
      'Bet partly matched: No 6 Over Runs MI 85 ₹600.00 matched at rate 90; ₹400.00 waits unmatched at rate 100.',
    );
    expect(placingMessage(buildSelection({ side: 'LAY', price: 2.16 }), 2000)).toBe(
      'Placing Lay India ₹2,000.00 at 2.16…',
    );
  });

  it('reads in Hindi', async () => {
    await chooseLanguage('hi');
    expect(placedMessage(SESSION_BET)).toBe(
      'बेट आंशिक रूप से मैच हुई: नो 6 Over Runs MI 85 ₹600.00, रेट 90 पर मैच हुए; ₹400.00, रेट 100 पर अनमैच्ड रहकर इंतज़ार कर रहे हैं।',
    );
    expect(placingMessage(buildSelection({ side: 'LAY', price: 2.16 }), 2000)).toBe(
      'ले India ₹2,000.00, 2.16 पर लगाई जा रही है…',
    );
    expect(placedMessage(buildBet({ matchedStake: 0, unmatchedStake: 0 }))).toBe(
      'बेट मैच नहीं हुई: बैक India ₹1,000.00, 1.85 पर, नहीं लगी।',
    );
  });
});
