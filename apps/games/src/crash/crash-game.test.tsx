import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrashServerMessage } from '@backlay/contract/house-games';
import { Sound } from '../shared/sound';
import { CrashClient } from './crash-client';
import { CrashGame } from './crash-game';
import { FakeSocket } from './test/fake-socket';
import { betting, crashed, liveBet, myBet, NOW, running, welcome } from './test/fixtures';
import { setCrashWords } from './test/words';

const TOKEN = 'launch-token-0123456789';

function startGame(language: 'en' | 'hi' = 'en') {
  setCrashWords(language);
  const client = new CrashClient({
    url: 'ws://x/games/mac/sbe_aviator/ws',
    token: TOKEN,
    language,
    createSocket: (url) => new FakeSocket(url),
    now: () => NOW,
  });
  client.start();
  render(<CrashGame client={client} sound={new Sound(null)} returnUrl="/casino" />);
  const socket = FakeSocket.latest();
  act(() => socket.open());
  const say = (message: CrashServerMessage) => act(() => socket.receive(message));
  return { client, socket, say };
}

beforeEach(() => {
  FakeSocket.made = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the crash game', () => {
  it('joins with the launch token and draws the table from the welcome', () => {
    const { socket, say } = startGame();
    expect(socket.sentOf('join')).toEqual([
      { type: 'join', token: TOKEN, lang: 'en', protocol: 1 },
    ]);
    say(
      welcome({
        bets: [liveBet({ player: 'p…9a1', amountMinor: 50_000 })],
        totals: { bets: 1_250, stakeMinor: 5_000_000, cashedOut: 0, winMinor: 0 },
      }),
    );

    expect(screen.getByTestId('game-balance').textContent).toContain('Balance ₹1,000');
    expect(screen.getByText('Place your bets')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Last rounds' }).textContent).toContain('1.84×');
    expect(screen.getByText('House edge 1%')).toBeTruthy();
    expect(screen.getByText('Max win ₹10,00,000 per bet')).toBeTruthy();
    expect(screen.getByText('Bets ₹10 to ₹1,00,000')).toBeTruthy();
    // The list holds the round's biggest bets; the round's count is the studio's total.
    expect(screen.getByText('1,250 bets this round')).toBeTruthy();
    expect(screen.getByText('and 1,249 more')).toBeTruthy();
    const list = screen.getByRole('table', { name: 'All bets' });
    expect(within(list).getByText('p…9a1')).toBeTruthy();
    expect(within(list).getByText('₹500')).toBeTruthy();
  });

  it('counts one bet of the round in the singular', () => {
    const { say } = startGame();
    say(
      welcome({
        bets: [liveBet({ player: 'p…9a1', amountMinor: 50_000 })],
        totals: { bets: 1, stakeMinor: 50_000, cashedOut: 0, winMinor: 0 },
      }),
    );
    expect(screen.getByText('1 bet this round')).toBeTruthy();
    expect(screen.queryByText(/bets this round/)).toBeNull();
  });

  it('bets in the window, shows the bet taken and the balance the wallet answered', () => {
    const { socket, say } = startGame();
    say(welcome());
    const panel = screen.getAllByRole('heading', { name: /^Bet [12]$/ })[0]?.closest('section');
    if (!panel) throw new Error('No bet panel');
    fireEvent.click(within(panel).getByRole('button', { name: '₹500' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Bet ₹500' }));

    const [bet] = socket.sentOf('bet');
    expect(bet).toMatchObject({ slot: 1, amountMinor: 50_000, autoCashOutCenti: null });
    expect(
      within(panel).getByRole('button', { name: 'Waiting…' }) as HTMLButtonElement,
    ).toHaveProperty('disabled', true);

    say({
      type: 'betAccepted',
      requestId: String(bet?.requestId),
      bet: myBet({ amountMinor: 50_000 }),
      balanceMinor: 50_000,
    });
    expect(screen.getByTestId('game-balance').textContent).toContain('Balance ₹500');
    expect(within(panel).getByText('Bet ₹500 placed')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(socket.sentOf('cancelBet')).toMatchObject([{ slot: 1 }]);
  });

  it('sends the auto cash-out target with the bet', () => {
    const { socket, say } = startGame();
    say(welcome());
    const panel = document.querySelector('[data-slot="2"]') as HTMLElement;
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Auto cash-out' }));
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Auto cash-out at (×)' }), {
      target: { value: '2.5' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Bet ₹100' }));
    expect(socket.sentOf('bet')).toMatchObject([
      { slot: 2, amountMinor: 10_000, autoCashOutCenti: 250 },
    ]);
  });

  it('refuses to send an amount outside the table’s limits, and says why', () => {
    const { socket, say } = startGame();
    say(welcome());
    const panel = document.querySelector('[data-slot="1"]') as HTMLElement;
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Amount (₹)' }), {
      target: { value: '5' },
    });
    expect(within(panel).getByRole('alert').textContent).toContain(
      'Enter an amount from ₹10 to ₹1,00,000.',
    );
    expect(
      within(panel).getByRole('button', { name: 'Bet ₹5' }) as HTMLButtonElement,
    ).toHaveProperty('disabled', true);
    expect(socket.sentOf('bet')).toEqual([]);
  });

  it('cashes out while the round runs, and says what was won', () => {
    const { socket, say } = startGame();
    say(welcome({ round: running(), myBets: [myBet()] }));
    const panel = document.querySelector('[data-slot="1"]') as HTMLElement;
    fireEvent.click(within(panel).getByRole('button', { name: /^Cash out ₹/ }));
    const [cashOut] = socket.sentOf('cashOut');
    expect(cashOut).toMatchObject({ slot: 1 });

    say({
      type: 'cashedOut',
      requestId: String(cashOut?.requestId),
      reason: 'MANUAL',
      bet: myBet({ state: 'CASHED_OUT', cashedOutCenti: 150, winMinor: 15_000 }),
      multiplierCenti: 150,
      winMinor: 15_000,
    });
    expect(screen.getByText('You cashed out at 1.50× and won ₹150!')).toBeTruthy();
    expect(screen.getByTestId('game-balance').textContent).toContain('Balance ₹1,000');
    say({ type: 'balance', balanceMinor: 105_000 });
    expect(screen.getByTestId('game-balance').textContent).toContain('Balance ₹1,050');
    expect(within(panel).getByText('Cashed out at 1.50× · won ₹150')).toBeTruthy();
  });

  it('says clearly when the balance does not cover a bet, with the balance', () => {
    const { socket, say } = startGame();
    say(welcome({ balanceMinor: 500 }));
    const panel = document.querySelector('[data-slot="1"]') as HTMLElement;
    fireEvent.click(within(panel).getByRole('button', { name: 'Bet ₹100' }));
    const [bet] = socket.sentOf('bet');
    say({
      type: 'betRefused',
      requestId: String(bet?.requestId),
      slot: 1,
      code: 'INSUFFICIENT_FUNDS',
      message: 'Your balance does not cover this bet.',
      balanceMinor: 500,
    });
    expect(screen.getByRole('alert').textContent).toContain(
      'Your balance (₹5) does not cover this bet.',
    );
  });

  it('keeps a bet made during a round for the next betting window', () => {
    const { socket, say } = startGame();
    say(welcome({ round: running() }));
    const panel = document.querySelector('[data-slot="1"]') as HTMLElement;
    fireEvent.click(within(panel).getByRole('button', { name: 'Bet ₹100 on the next round' }));
    expect(socket.sentOf('bet')).toEqual([]);
    expect(screen.getByText('Waiting for the next round')).toBeTruthy();

    say({ type: 'round', serverTime: NOW, round: crashed('r-7', 120) });
    expect(screen.getByText('Crashed at 1.20×')).toBeTruthy();
    say({ type: 'round', serverTime: NOW, round: betting('r-8', 8) });
    expect(socket.sentOf('bet')).toMatchObject([{ slot: 1, amountMinor: 10_000 }]);
  });

  it('reconnects on its own, joins again, and gets its bet back from the welcome', () => {
    vi.useFakeTimers();
    const { socket, say } = startGame();
    say(welcome({ round: running(), myBets: [myBet({ slot: 2 })] }));
    act(() => socket.close());
    expect(screen.getByText('Reconnecting… your bets are safe on the table.')).toBeTruthy();

    act(() => vi.advanceTimersByTime(0));
    const again = FakeSocket.latest();
    expect(again).not.toBe(socket);
    act(() => again.open());
    expect(again.sentOf('join')).toMatchObject([{ token: TOKEN }]);
    act(() => again.receive(welcome({ round: running(), myBets: [myBet({ slot: 2 })] })));
    const panel = document.querySelector('[data-slot="2"]') as HTMLElement;
    expect(
      within(panel).getByRole('button', { name: /^Cash out ₹/ }) as HTMLButtonElement,
    ).toHaveProperty('disabled', false);
    expect(screen.queryByText(/Reconnecting/)).toBeNull();
  });

  it('speaks Hindi when launched in Hindi, refusals included', () => {
    const { say } = startGame('hi');
    say(welcome());
    expect(screen.getByTestId('game-balance').textContent).toContain('बैलेंस ₹1,000');
    expect(screen.getByText('अपने दांव लगाइए')).toBeTruthy();
    say({
      type: 'error',
      code: 'RATE_LIMITED',
      message: 'Too many requests. Wait a moment.',
      fatal: false,
    });
    expect(screen.getByRole('alert').textContent).toContain('बहुत ज़्यादा अनुरोध। थोड़ा रुकिए।');
  });

  it('stops and leads back to the casino when the session is over', () => {
    const { say } = startGame();
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
    expect(screen.queryByRole('button', { name: /^Bet / })).toBeNull();
  });

  it('does not join again with a token the studio refused for good', () => {
    vi.useFakeTimers();
    const { socket, say } = startGame();
    say({ type: 'error', code: 'INVALID_TOKEN', message: 'Not valid', fatal: true });
    act(() => socket.close());
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.made).toHaveLength(1);
    expect(socket.sentOf('ping')).toEqual([]);
  });

  it('says a refusal it has no translation for in the server’s words', () => {
    const { say } = startGame('hi');
    say(welcome());
    say({
      type: 'error',
      code: 'SOMETHING_NEW' as never,
      message: 'A newer server refused.',
      fatal: false,
    });
    expect(screen.getByRole('alert').textContent).toContain('A newer server refused.');
  });
});
