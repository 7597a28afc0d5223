import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedHashOf } from '@backlay/contract/card-fairness';
import { cardRoundFromSeed } from '@backlay/contract/card-games';
import verifyEn from './words/en.json';
import { VerifyPage } from './verify-page';
import { verifyWords } from './verify-words';
import { aHistoryEntry, rulesOf } from '../test/fixtures';

const SEED = '3d'.repeat(32);
const OTHER = '4e'.repeat(32);

function show(
  initial: { seed: string; roundNumber: string; seedHash: string },
  rounds: () => Promise<unknown>,
) {
  verifyWords.set('en', verifyEn);
  render(<VerifyPage gameCode="mac_dragon_tiger" initial={initial} loadRounds={rounds} />);
}

const winnerOf = (seed: string, round: number) => {
  const { winner } = cardRoundFromSeed('mac_dragon_tiger', seed, round);
  return winner === 'TIE' ? 'It’s a tie' : `${winner === 'DRAGON' ? 'Dragon' : 'Tiger'} wins`;
};

describe('a card game’s verify page', () => {
  it('deals the round of the seed it was opened with, and checks the published hash', () => {
    show(
      { seed: SEED, roundNumber: '12', seedHash: seedHashOf(SEED) },
      () => new Promise(() => undefined),
    );
    expect(screen.getByTestId('verified-winner').textContent).toBe(winnerOf(SEED, 12));
    expect(screen.getByTestId('verified-hash').textContent).toBe(verifyEn.hashOk);
    const dealt = cardRoundFromSeed('mac_dragon_tiger', SEED, 12).cards.map((c) => c.card);
    const cards = within(screen.getByTestId('verified-cards')).getAllByRole('img');
    expect(cards.map((card) => card.getAttribute('data-card'))).toEqual(dealt);
  });

  it('checks a recent round picked from the list, with the rule table it pays by', async () => {
    const answer = {
      gameCode: 'mac_dragon_tiger',
      rules: rulesOf('mac_dragon_tiger'),
      rounds: [
        aHistoryEntry({
          gameCode: 'mac_dragon_tiger',
          roundId: 'dt-3',
          number: 3,
          seed: OTHER,
          seedHash: seedHashOf(OTHER),
          winner: cardRoundFromSeed('mac_dragon_tiger', OTHER, 3).winner,
        }),
      ],
    };
    show({ seed: '', roundNumber: '', seedHash: '' }, async () => answer);
    const list = await screen.findByRole('table');
    expect(screen.getByText(/Dragon 2\.00× \(house edge 2\.94%\)/)).toBeTruthy();
    expect(screen.getByText(/Tie 12\.00× \(house edge 29\.41%\)/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Check Round 3' }));
    expect(screen.getByTestId('verified-winner').textContent).toBe(winnerOf(OTHER, 3));
    expect(screen.getByTestId('verified-hash').textContent).toBe(verifyEn.hashOk);
  });

  it('says what is wrong with a seed typed in, and when the rounds cannot be had', async () => {
    show({ seed: '', roundNumber: '1', seedHash: '' }, async () => {
      throw new Error('offline');
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Seed \(revealed/ }), {
      target: { value: 'not a seed' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle and deal' }));
    expect(screen.getByRole('alert').textContent).toBe(verifyEn.seedInvalid);
    expect(await screen.findByText(verifyEn.loadFailed)).toBeTruthy();
  });
});
