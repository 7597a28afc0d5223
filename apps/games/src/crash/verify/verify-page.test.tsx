import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  crashPointFromHash,
  formatMultiplier,
  nextChainHash,
} from '@backlay/contract/crash-fairness';
import verifyEn from './words/en.json';
import { VerifyPage } from './verify-page';
import { verifyWords } from './verify-words';
import { aFairness, aHistoryEntry } from '../test/fixtures';

const SEED = '7a'.repeat(32);
const ROUND_2 = nextChainHash(SEED);
const ROUND_1 = nextChainHash(ROUND_2);
const TERMINATING = nextChainHash(ROUND_1);
const SALT = 'backlay-sky-ace';

function show(initial: { hash: string; previous?: string }, rounds: () => Promise<unknown>) {
  verifyWords.set('en', verifyEn);
  render(
    <VerifyPage
      initial={{ salt: SALT, edgePercent: '1', previous: '', ...initial }}
      loadRounds={rounds}
    />,
  );
}

const point = (hash: string) =>
  `Crash point ${formatMultiplier(crashPointFromHash(hash, { houseEdgeBp: 100, salt: SALT }))}×`;

describe('the verify page', () => {
  it('computes the crash point of the hash it was opened with, and checks its link', async () => {
    show({ hash: ROUND_2, previous: ROUND_1 }, () => new Promise(() => undefined));
    expect(screen.getByTestId('verified-crash-point').textContent).toBe(point(ROUND_2));
    expect(screen.getByText(verifyEn.chainOk)).toBeTruthy();
    expect(
      screen.getByText(
        'House edge 1%: on average a bet returns 99% of its amount, whatever its cash-out.',
      ),
    ).toBeTruthy();
  });

  it('checks a recent round picked from the list, against the terminating hash for the first', async () => {
    const answer = {
      fairness: aFairness({ terminatingHash: TERMINATING, salt: SALT }),
      rounds: [
        aHistoryEntry({ roundId: 'r-2', number: 2, hash: ROUND_2 }),
        aHistoryEntry({ roundId: 'r-1', number: 1, hash: ROUND_1 }),
      ],
    };
    show({ hash: '' }, async () => answer);
    const list = await screen.findByRole('table');
    expect(screen.getByText(TERMINATING)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Check Round 1' }));
    expect(screen.getByTestId('verified-crash-point').textContent).toBe(point(ROUND_1));
    expect(screen.getByText(verifyEn.chainOk)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Round hash' }) as HTMLInputElement).value).toBe(
      ROUND_1,
    );
  });

  it('says what is wrong with a hash typed in, and when the rounds cannot be had', async () => {
    show({ hash: '' }, async () => {
      throw new Error('offline');
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Round hash' }), {
      target: { value: 'not a hash' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Compute' }));
    expect(screen.getByRole('alert').textContent).toBe(verifyEn.hashInvalid);
    expect(await screen.findByText(verifyEn.loadFailed)).toBeTruthy();
  });
});
