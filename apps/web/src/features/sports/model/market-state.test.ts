import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { buildMarket } from '../../../shared/test/sports-fixtures';
import {
  combinedStatus,
  isFancyLineOver,
  ladderState,
  ladderStateLabel,
  listLadderState,
} from './market-state';

/** A settled match odds market whose runners carry these results. */
function settled(results: ('WINNER' | 'LOSER' | 'VOID' | null)[]) {
  const market = buildMarket({ status: 'SETTLED', runnerNames: ['India', 'Australia'] });
  return {
    ...market,
    runners: market.runners.map((r, i) => ({ ...r, result: results[i] ?? null })),
  };
}

describe('combinedStatus', () => {
  it('takes the prices’ word while the market is open or suspended', () => {
    expect(combinedStatus('OPEN', 'SUSPENDED')).toBe('SUSPENDED');
    expect(combinedStatus('SUSPENDED', 'OPEN')).toBe('OPEN');
    expect(combinedStatus('SUSPENDED', undefined)).toBe('SUSPENDED');
  });

  it('never reopens a market either source says is closed or settled', () => {
    expect(combinedStatus('CLOSED', 'OPEN')).toBe('CLOSED');
    expect(combinedStatus('OPEN', 'CLOSED')).toBe('CLOSED');
    expect(combinedStatus('SETTLED', 'CLOSED')).toBe('SETTLED');
    expect(combinedStatus('CLOSED', 'SETTLED')).toBe('SETTLED');
  });
});

describe('ladderStateLabel', () => {
  it('says nothing over an open market', () => {
    expect(ladderStateLabel(ladderState(buildMarket(), undefined))).toBeNull();
  });

  it('names suspended and closed markets', () => {
    const suspended = (suspendedReason: string | null) =>
      ladderStateLabel(ladderState(buildMarket(), { status: 'SUSPENDED', suspendedReason }));
    expect(suspended(null)).toBe('Suspended');
    expect(suspended('Wicket')).toBe('Suspended');
    expect(suspended('Ball running')).toBe('Ball running');
    // The market's own reason counts while no prices are held.
    expect(
      ladderStateLabel(
        ladderState(
          buildMarket({ status: 'SUSPENDED', suspendedReason: 'Ball running' }),
          undefined,
        ),
      ),
    ).toBe('Ball running');
    expect(ladderStateLabel(ladderState(buildMarket({ status: 'CLOSED' }), undefined))).toBe(
      'Closed',
    );
  });

  it('names the winner of a settled market from its runners’ results', () => {
    expect(ladderStateLabel(ladderState(settled(['WINNER', 'LOSER']), undefined))).toBe(
      'Settled — India won',
    );
    expect(ladderStateLabel(ladderState(settled(['VOID', 'VOID']), undefined))).toBe(
      'Settled — void',
    );
  });

  it('names no winner its data does not hold', () => {
    // Settled by the prices' word while the market's data still says open: no results yet.
    expect(
      ladderStateLabel(ladderState(buildMarket(), { status: 'SETTLED', suspendedReason: null })),
    ).toBe('Settled');
    expect(ladderStateLabel(listLadderState('SETTLED'))).toBe('Settled');
  });

  it('is in the language shown when it is made', async () => {
    await chooseLanguage('hi');
    expect(ladderStateLabel({ kind: 'SUSPENDED', ballRunning: true })).toBe('बॉल रनिंग');
    expect(ladderStateLabel(ladderState(settled(['WINNER', 'LOSER']), undefined))).toBe(
      'सेटल — India की जीत',
    );
  });
});

describe('isFancyLineOver', () => {
  const fancy = buildMarket({ type: 'FANCY', line: 45, runnerNames: ['Yes', 'No'] });

  it('is true of a fancy line closed or settled by either source', () => {
    expect(isFancyLineOver({ ...fancy, status: 'SETTLED' }, undefined)).toBe(true);
    expect(isFancyLineOver(fancy, { status: 'CLOSED' })).toBe(true);
  });

  it('is false of an open or suspended line, and of other markets', () => {
    expect(isFancyLineOver(fancy, { status: 'SUSPENDED' })).toBe(false);
    expect(isFancyLineOver(buildMarket({ status: 'SETTLED' }), undefined)).toBe(false);
  });
});
