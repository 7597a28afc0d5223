import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardServerMessage } from '@backlay/contract/card-games';
import { ANDAR_BAHAR_VIEW } from '../andar-bahar/andar-bahar-view';
import { FakeSocket } from '../crash/test/fake-socket';
import { DRAGON_TIGER_VIEW } from '../dragon-tiger/dragon-tiger-view';
import { Sound } from '../shared/sound';
import { TEEN_PATTI_VIEW } from '../teen-patti/teen-patti-view';
import { CardClient } from './card-client';
import type { GameView } from './game-view';
import { CardTableGame } from './table-game';
import {
  aTable,
  betting,
  dealing,
  myBet,
  NOW,
  result,
  rulesOf,
  SEED,
  SEED_HASH,
  TEEN_PATTI_CARDS,
  welcome,
} from './test/fixtures';
import { setCardWords } from './test/words';

const TOKEN = 'launch-token-0123456789';

function startTable(game: GameView = TEEN_PATTI_VIEW, language: 'en' | 'hi' = 'en') {
  setCardWords(language);
  const client = new CardClient({
    url: `ws://x/games/mac/${game.code}/ws`,
    token: TOKEN,
    language,
    createSocket: (url) => new FakeSocket(url),
    now: () => NOW,
  });
  client.start();
  render(<CardTableGame game={game} client={client} sound={new Sound(null)} returnUrl="/casino" />);
  const socket = FakeSocket.latest();
  act(() => socket.open());
  const say = (message: CardServerMessage) => act(() => socket.receive(message));
  return { client, socket, say };
}

const spot = (name: RegExp) => screen.getByRole('button', { name });

beforeEach(() => {
  FakeSocket.made = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a card table', () => {
  it('joins with the launch token and draws the table, its payouts and its last results', () => {
    const { socket, say } = startTable();
    expect(socket.sentOf('join')).toEqual([
      { type: 'join', token: TOKEN, lang: 'en', protocol: 1 },
    ]);
    say(welcome());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Teen Patti Royale');
    expect(screen.getByTestId('game-balance').textContent).toBe('Balance ₹1,000');
    expect(screen.getByTestId('round-phase').textContent).toBe('Place your bets');
    expect(screen.getByTestId('countdown').textContent).toContain('Bets close in 12 s');
    // The payouts are the rule table's: 1.98 and a tie gives the bet back.
    const a = spot(/^Bet ₹10 on Player A/);
    expect(a.textContent).toContain('1.98×');
    expect(a.textContent).toContain('Tie: bet back');
    expect(screen.getByRole('navigation', { name: 'Last results' }).textContent).toBe('B');
    expect(screen.getByText('Bets ₹10 to ₹25,000')).toBeTruthy();
    // Three cards to come for each hand.
    expect(
      within(screen.getByTestId('hand-A')).getAllByRole('img', { name: 'Card to come' }),
    ).toHaveLength(3);
  });

  it('plays a round: a bet, the cards dealt one by one, the winner, the win and the seed', () => {
    const { socket, say } = startTable();
    say(welcome());
    fireEvent.click(screen.getByRole('radio', { name: '₹100' }));
    fireEvent.click(spot(/^Bet ₹100 on Player A/));
    const [bet] = socket.sentOf('bet');
    expect(bet).toMatchObject({ betKind: 'A', amountMinor: 10_000 });
    // Until the wallet answers, the stake shows on its spot.
    expect(screen.getByTestId('stake-A').textContent).toBe('₹100');
    say({
      type: 'betAccepted',
      gameCode: 'mac_teen_patti',
      requestId: String(bet?.requestId),
      bet: myBet(),
      balanceMinor: 90_000,
    });
    expect(screen.getByTestId('game-balance').textContent).toBe('Balance ₹900');
    expect(screen.getByTestId('stake-A').textContent).toBe('₹100');

    say({ type: 'round', gameCode: 'mac_teen_patti', serverTime: NOW, round: dealing() });
    expect(screen.getByTestId('round-phase').textContent).toBe('Dealing…');
    expect(spot(/on Player A/)).toHaveProperty('disabled', true);
    for (const card of TEEN_PATTI_CARDS.slice(0, 3)) {
      say({ type: 'card', gameCode: 'mac_teen_patti', roundId: 'tp-7', serverTime: NOW, card });
    }
    const handA = screen.getByTestId('hand-A');
    expect(
      within(handA)
        .getAllByRole('img')
        .map((img) => img.getAttribute('data-card')),
    ).toEqual(['KS', 'KH', null]);

    say({ type: 'round', gameCode: 'mac_teen_patti', serverTime: NOW, round: result() });
    say({
      type: 'settled',
      gameCode: 'mac_teen_patti',
      roundId: 'tp-7',
      winner: 'A',
      bets: [myBet({ state: 'WON', returnMinor: 19_800 })],
      returnMinor: 19_800,
      balanceMinor: 109_800,
    });
    expect(screen.getByTestId('round-phase').textContent).toBe('Player A wins');
    expect(handA.getAttribute('data-won')).toBe('true');
    expect(within(handA).getByText('Trail')).toBeTruthy();
    expect(screen.getByTestId('round-outcome').textContent).toBe('You won ₹198!');
    expect(screen.getByText('Player A ₹100 → ₹198')).toBeTruthy();
    expect(screen.getByTestId('game-balance').textContent).toBe('Balance ₹1,098');
    const verify = screen.getByRole('link', { name: 'Verify this round' });
    expect(verify.getAttribute('href')).toBe(
      `verify.html?lang=en&seed=${SEED}&hash=${SEED_HASH}&round=7`,
    );
    expect(screen.getByRole('navigation', { name: 'Last results' }).textContent).toBe('AB');
  });

  it('says at once why a bet is not sent, without sending it', () => {
    const { socket, say } = startTable();
    say(welcome({ myBets: [myBet()] }));
    fireEvent.click(spot(/on Player B/));
    expect(socket.sentOf('bet')).toEqual([]);
    expect(screen.getByRole('alert').textContent).toContain(
      'You already backed the other side in this round.',
    );
  });

  it('says the server’s refusal, with the balance when it does not cover the bet', () => {
    const { socket, say } = startTable();
    say(welcome({ balanceMinor: 100_000 }));
    fireEvent.click(spot(/on Player B/));
    const [bet] = socket.sentOf('bet');
    say({
      type: 'refused',
      gameCode: 'mac_teen_patti',
      requestId: String(bet?.requestId),
      betKind: 'B',
      code: 'INSUFFICIENT_FUNDS',
      message: 'Your balance does not cover this bet.',
      balanceMinor: 500,
    });
    expect(screen.getByRole('alert').textContent).toContain(
      'Your balance (₹5) does not cover this bet.',
    );
    expect(screen.getByTestId('stake-B').textContent).toBe('\u00a0');
  });

  it('reconnects on its own, joins again, and gets its bet back from the welcome', () => {
    vi.useFakeTimers();
    const { socket, say } = startTable();
    say(welcome({ myBets: [myBet({ betKind: 'B', amountMinor: 5_000 })] }));
    act(() => socket.close());
    expect(screen.getByText('Reconnecting… your bets are safe on the table.')).toBeTruthy();
    expect(spot(/on Player B/)).toHaveProperty('disabled', true);

    act(() => vi.advanceTimersByTime(0));
    const again = FakeSocket.latest();
    expect(again).not.toBe(socket);
    act(() => again.open());
    expect(again.sentOf('join')).toMatchObject([{ token: TOKEN }]);
    act(() => again.receive(welcome({ myBets: [myBet({ betKind: 'B', amountMinor: 5_000 })] })));
    expect(screen.getByTestId('stake-B').textContent).toBe('₹50');
    expect(screen.queryByText(/Reconnecting/)).toBeNull();
    expect(spot(/on Player B/)).toHaveProperty('disabled', false);
  });

  it('places last round’s bets again with one tap', () => {
    const { socket, say } = startTable();
    say(welcome({ round: result(), myBets: [myBet({ state: 'WON', returnMinor: 19_800 })] }));
    say({ type: 'round', gameCode: 'mac_teen_patti', serverTime: NOW, round: betting('tp-8', 8) });
    fireEvent.click(screen.getByRole('button', { name: 'Bet again' }));
    expect(socket.sentOf('bet')).toMatchObject([{ betKind: 'A', amountMinor: 10_000 }]);
  });

  it('deals Andar Bahar to its joker and two rows, and Dragon Tiger’s tie gives half back', () => {
    const ab = startTable(ANDAR_BAHAR_VIEW);
    ab.say(
      welcome({
        gameCode: 'dream_andar_bahar',
        table: aTable({
          gameCode: 'dream_andar_bahar',
          limits: {
            ANDAR: { minBetMinor: 1_000, maxBetMinor: 100_000 },
            BAHAR: { minBetMinor: 1_000, maxBetMinor: 100_000 },
          },
        }),
        rules: rulesOf('dream_andar_bahar'),
        history: [],
        round: result({
          gameCode: 'dream_andar_bahar',
          hands: undefined,
          winner: 'BAHAR',
          cards: [
            { position: 0, side: 'JOKER', card: '7S' },
            { position: 1, side: 'ANDAR', card: '2H' },
            { position: 2, side: 'BAHAR', card: '7D' },
          ],
        }),
      }),
    );
    expect(within(screen.getByTestId('joker')).getByRole('img').getAttribute('data-card')).toBe(
      '7S',
    );
    expect(screen.getByTestId('hand-BAHAR').getAttribute('data-won')).toBe('true');
    // One card dealt to each row, counted in the singular.
    expect(within(screen.getByTestId('hand-ANDAR')).getByText('1 card')).toBeTruthy();
    expect(screen.queryByText(/1 cards/)).toBeNull();
    expect(spot(/on Andar/).textContent).toContain('1.90×');
    expect(spot(/on Bahar/).textContent).toContain('2.00×');
  });

  it('shows Dragon Tiger’s half back on a tie', () => {
    const dt = startTable(DRAGON_TIGER_VIEW);
    dt.say(
      welcome({
        gameCode: 'mac_dragon_tiger',
        table: aTable({
          gameCode: 'mac_dragon_tiger',
          limits: {
            DRAGON: { minBetMinor: 1_000, maxBetMinor: 100_000 },
            TIGER: { minBetMinor: 1_000, maxBetMinor: 100_000 },
            TIE: { minBetMinor: 1_000, maxBetMinor: 10_000 },
          },
        }),
        rules: rulesOf('mac_dragon_tiger'),
        round: result({
          gameCode: 'mac_dragon_tiger',
          hands: undefined,
          winner: 'TIE',
          cards: [
            { position: 0, side: 'DRAGON', card: '9S' },
            { position: 1, side: 'TIGER', card: '9H' },
          ],
        }),
        myBets: [
          myBet({ betKind: 'DRAGON', amountMinor: 10_000, state: 'HALF_BACK', returnMinor: 5_000 }),
        ],
      }),
    );
    // Spots in thumb order: Dragon, Tie, Tiger.
    const spots = within(screen.getByRole('group', { name: 'Bets' })).getAllByRole('button');
    expect(spots.map((s) => s.getAttribute('data-spot'))).toEqual(['DRAGON', 'TIE', 'TIGER']);
    expect(spot(/on Dragon/).textContent).toContain('Tie: half back');
    expect(spot(/on Tie/).textContent).toContain('12.00×');
    expect(screen.getByTestId('round-phase').textContent).toBe('It’s a tie');
    expect(screen.getByTestId('round-outcome').textContent).toBe('₹50 back to you');
  });

  it('shows the rules with each bet’s payout, tie rule, house edge and limits from the rule table', () => {
    const dt = startTable(DRAGON_TIGER_VIEW);
    dt.say(
      welcome({
        gameCode: 'mac_dragon_tiger',
        table: aTable({
          gameCode: 'mac_dragon_tiger',
          limits: {
            DRAGON: { minBetMinor: 1_000, maxBetMinor: 100_000 },
            TIGER: { minBetMinor: 1_000, maxBetMinor: 100_000 },
            TIE: { minBetMinor: 1_000, maxBetMinor: 10_000 },
          },
          maxRoundStakeMinor: 150_000,
        }),
        rules: rulesOf('mac_dragon_tiger'),
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'How to play' }));
    const rules = screen.getByRole('dialog', { name: 'Dragon and Tiger: how to play' });
    const rows = within(rules)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('Dragon₹10 to ₹1,0002.00×Tie: half back2.94%');
    expect(rows).toContain('Tie₹10 to ₹10012.00×Lost29.41%');
    expect(
      within(rules).getByText('You may stake up to ₹1,500 in one round, over all bets.'),
    ).toBeTruthy();
    fireEvent.click(within(rules).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks Hindi when launched in Hindi, card names and refusals included', () => {
    const { say } = startTable(TEEN_PATTI_VIEW, 'hi');
    say(welcome({ round: dealing([{ position: 0, side: 'A', card: 'AS' }]) }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('तीन पत्ती रॉयल');
    expect(screen.getByTestId('game-balance').textContent).toBe('बैलेंस ₹1,000');
    expect(screen.getByRole('img', { name: 'हुकुम का इक्का' })).toBeTruthy();
    say({
      type: 'error',
      code: 'RATE_LIMITED',
      message: 'Too many requests. Wait a moment.',
      fatal: false,
    });
    expect(screen.getByRole('alert').textContent).toContain('बहुत ज़्यादा अनुरोध। थोड़ा रुकिए।');
  });

  it('stops and leads back to the casino when the session is over', () => {
    const { say } = startTable();
    say({
      type: 'error',
      code: 'TOKEN_EXPIRED',
      message: 'This game session has ended. Open the game again from the casino.',
      fatal: true,
    });
    expect(screen.getByRole('heading', { name: 'This game session has ended.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the casino' }).getAttribute('href')).toBe(
      '/casino',
    );
  });
});
