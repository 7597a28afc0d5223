import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedHashOf } from '@backlay/contract/card-fairness';
import {
  CARD_GAMES,
  cardRoundFromSeed,
  type CardServerMessage,
  type DealtCardMessage,
} from '@backlay/contract/card-games';
import { CardClient } from '../cards/card-client';
import laterEn from '../cards/later/en.json';
import { CardTableGame } from '../cards/table-game';
import {
  aHistoryEntry,
  aTable,
  betting,
  dealing,
  myBet,
  NOW,
  result,
  rulesOf,
} from '../cards/test/fixtures';
import { setCardWords } from '../cards/test/words';
import { VerifyPage } from '../cards/verify/verify-page';
import verifyEn from '../cards/verify/words/en.json';
import { verifyWords } from '../cards/verify/verify-words';
import { FakeSocket } from '../crash/test/fake-socket';
import { Sound } from '../shared/sound';
import { LUCKY_SEVEN_VIEW } from './lucky-seven-view';
import ownEn from './words/en.json';

const GAME = 'king_lucky_seven';
const TOKEN = 'launch-token-0123456789';
const SEVEN_OF_HEARTS: DealtCardMessage = { position: 0, side: 'CARD', card: '7H' };

/** Lucky 7's table as the server sends it: ₹10 to ₹1,000 on Low and High, ₹100 on Seven. */
function welcomeL7(
  change: Partial<Extract<CardServerMessage, { type: 'welcome' }>> = {},
): CardServerMessage {
  return {
    type: 'welcome' as const,
    protocol: 1,
    gameCode: GAME,
    serverTime: NOW,
    playerId: 'player-1',
    currency: 'INR',
    balanceMinor: 100_000,
    table: aTable({
      gameCode: GAME,
      gameId: 301006,
      name: 'Lucky Seven',
      limits: {
        LOW: { minBetMinor: 1_000, maxBetMinor: 100_000 },
        HIGH: { minBetMinor: 1_000, maxBetMinor: 100_000 },
        SEVEN: { minBetMinor: 1_000, maxBetMinor: 10_000 },
      },
    }),
    rules: rulesOf(GAME),
    round: { ...betting('l7-7', 7), gameCode: GAME },
    history: [
      aHistoryEntry({ gameCode: GAME, roundId: 'l7-6', winner: 'SEVEN', cards: [SEVEN_OF_HEARTS] }),
      aHistoryEntry({ gameCode: GAME, roundId: 'l7-5', number: 5, winner: 'HIGH', cards: [] }),
    ],
    myBets: [],
    ...change,
  };
}

function startTable(language: 'en' | 'hi' = 'en') {
  setCardWords(language);
  const client = new CardClient({
    url: `ws://x/games/king/${GAME}/ws`,
    token: TOKEN,
    language,
    createSocket: (url) => new FakeSocket(url),
    now: () => NOW,
  });
  client.start();
  render(
    <CardTableGame
      game={LUCKY_SEVEN_VIEW}
      client={client}
      sound={new Sound(null)}
      returnUrl="/casino"
    />,
  );
  const socket = FakeSocket.latest();
  act(() => socket.open());
  const say = (message: CardServerMessage) => act(() => socket.receive(message));
  return { socket, say };
}

const spot = (name: RegExp) => screen.getByRole('button', { name });
const zone = (kind: string) => screen.getByTestId(`zone-${kind}`);

beforeEach(() => {
  FakeSocket.made = [];
});

describe('the Lucky Seven table', () => {
  it('draws one card face down over the three bets’ ranks, with the rule table’s payouts', () => {
    const { say } = startTable();
    say(welcomeL7());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lucky Seven');
    const spots = within(screen.getByRole('group', { name: 'Bets' })).getAllByRole('button');
    expect(spots.map((s) => s.getAttribute('data-spot'))).toEqual(['LOW', 'SEVEN', 'HIGH']);
    expect(spots.map((s) => s.getAttribute('data-side'))).toEqual(['a', 'tie', 'b']);
    expect(spot(/^Bet ₹10 on Low,/).textContent).toBe('Low2.00×\u00a0');
    expect(spot(/on Seven,/).textContent).toBe('Seven12.00×\u00a0');
    expect(spot(/on High,/).textContent).toBe('High2.00×\u00a0');
    expect(['LOW', 'SEVEN', 'HIGH'].map((kind) => zone(kind).textContent)).toEqual([
      'Low A–6',
      'Seven 7',
      'High 8–K',
    ]);
    expect(zone('LOW').hasAttribute('data-won')).toBe(false);
    expect(
      within(screen.getByTestId('hand-CARD')).getByRole('img', { name: 'Card to come' }),
    ).toBeTruthy();
    // The last results: a seven, then a high card, each in its bet's colour.
    const dots = within(screen.getByRole('navigation', { name: 'Last results' })).getAllByRole(
      'link',
    );
    expect(dots.map((d) => [d.textContent, d.getAttribute('data-side')])).toEqual([
      ['7', 'tie'],
      ['H', 'b'],
    ]);
  });

  it('plays a round: Low and Seven bet, a 7 turned up, Seven paid 12.00 and Low lost', () => {
    const { socket, say } = startTable();
    say(welcomeL7());
    fireEvent.click(screen.getByRole('radio', { name: '₹100' }));
    fireEvent.click(spot(/on Low,/));
    fireEvent.click(spot(/on Seven,/));
    const [low, seven] = socket.sentOf('bet');
    expect([low?.betKind, seven?.betKind]).toEqual(['LOW', 'SEVEN']);
    for (const [bet, id] of [
      [low, 'bet-low'],
      [seven, 'bet-seven'],
    ] as const) {
      say({
        type: 'betAccepted',
        gameCode: GAME,
        requestId: String(bet?.requestId),
        bet: myBet({
          betId: id,
          roundId: 'l7-7',
          betKind: bet?.betKind === 'LOW' ? 'LOW' : 'SEVEN',
        }),
        balanceMinor: bet === low ? 90_000 : 80_000,
      });
    }
    // High is the other side of Low: the page says so without sending it.
    fireEvent.click(spot(/on High,/));
    expect(socket.sentOf('bet')).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toContain(
      'You already backed the other side in this round.',
    );

    say({
      type: 'round',
      gameCode: GAME,
      serverTime: NOW,
      round: { ...dealing([], 'l7-7'), gameCode: GAME },
    });
    say({ type: 'card', gameCode: GAME, roundId: 'l7-7', serverTime: NOW, card: SEVEN_OF_HEARTS });
    expect(within(screen.getByTestId('hand-CARD')).getByRole('img').getAttribute('data-card')).toBe(
      '7H',
    );
    say({
      type: 'round',
      gameCode: GAME,
      serverTime: NOW,
      round: result({
        gameCode: GAME,
        roundId: 'l7-7',
        hands: undefined,
        winner: 'SEVEN',
        cards: [SEVEN_OF_HEARTS],
      }),
    });
    say({
      type: 'settled',
      gameCode: GAME,
      roundId: 'l7-7',
      winner: 'SEVEN',
      bets: [
        myBet({ betId: 'bet-low', roundId: 'l7-7', betKind: 'LOW', state: 'LOST', returnMinor: 0 }),
        myBet({
          betId: 'bet-seven',
          roundId: 'l7-7',
          betKind: 'SEVEN',
          state: 'WON',
          returnMinor: 120_000,
        }),
      ],
      returnMinor: 120_000,
      balanceMinor: 200_000,
    });
    expect(screen.getByTestId('round-phase').textContent).toBe('Seven wins');
    expect(['LOW', 'SEVEN', 'HIGH'].map((kind) => zone(kind).getAttribute('data-won'))).toEqual([
      'false',
      'true',
      'false',
    ]);
    expect(spot(/on Seven,/).getAttribute('data-won')).toBe('true');
    expect(spot(/on Low,/).getAttribute('data-won')).toBe('false');
    expect(screen.getByTestId('round-outcome').textContent).toBe('You won ₹1,200!');
    expect(screen.getByText('Low ₹100 → ₹0')).toBeTruthy();
    expect(screen.getByText('Seven ₹100 → ₹1,200')).toBeTruthy();
    expect(screen.getByTestId('game-balance').textContent).toBe('Balance ₹2,000');
  });

  it('states its rules and each bet’s payout, house edge and limits from the rule table', () => {
    const { say } = startTable();
    say(welcomeL7());
    fireEvent.click(screen.getByRole('button', { name: 'How to play' }));
    const rules = screen.getByRole('dialog', { name: 'Lucky Seven: how to play' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      laterEn['rule.king_lucky_seven.1'],
      laterEn['rule.king_lucky_seven.2'],
      laterEn['rule.king_lucky_seven.3'],
    ]);
    const rows = within(rules)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('Low₹10 to ₹1,0002.00×Lost7.69%');
    expect(rows).toContain('High₹10 to ₹1,0002.00×Lost7.69%');
    expect(rows).toContain('Seven₹10 to ₹10012.00×Lost7.69%');
  });

  it('speaks Hindi when launched in Hindi', () => {
    const { say } = startTable('hi');
    say(welcomeL7({ round: { ...dealing([SEVEN_OF_HEARTS], 'l7-7'), gameCode: GAME } }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('लकी सेवन');
    expect(spot(/लो पर/).textContent).toContain('2.00×');
    expect(spot(/सेवन पर/).textContent).toContain('12.00×');
    expect(zone('HIGH').textContent).toBe('हाई 8–K');
    expect(screen.getByRole('img', { name: 'पान का सत्ता' })).toBeTruthy();
  });
});

describe('Lucky Seven’s words and rules', () => {
  it('name the game as the catalogue does, with as many rules as the view shows', () => {
    expect(ownEn['name.king_lucky_seven']).toBe('Lucky Seven');
    expect(LUCKY_SEVEN_VIEW.words.hi).toMatch(/words\/hi\.json$/);
    expect(verifyEn['name.king_lucky_seven']).toBe('Lucky Seven');
    const rules = Object.keys(laterEn).filter((key) => key.startsWith(`rule.${GAME}.`));
    expect(rules).toHaveLength(LUCKY_SEVEN_VIEW.ruleCount);
    expect([...LUCKY_SEVEN_VIEW.spotOrder].sort()).toEqual(
      CARD_GAMES[GAME].rules.map((rule) => rule.kind).sort(),
    );
  });
});

describe('Lucky Seven’s verify page', () => {
  it('deals the round of a revealed seed in the browser: the first card, and its bet', () => {
    const seed = '7a'.repeat(32);
    verifyWords.set('en', verifyEn);
    render(
      <VerifyPage
        gameCode={GAME}
        initial={{ seed, roundNumber: '21', seedHash: seedHashOf(seed) }}
        loadRounds={() => new Promise(() => undefined)}
      />,
    );
    const server = cardRoundFromSeed(GAME, seed, 21);
    const name = { LOW: 'Low', HIGH: 'High', SEVEN: 'Seven' }[server.winner as 'LOW'];
    expect(screen.getByTestId('verified-winner').textContent).toBe(`${name} wins`);
    expect(screen.getByTestId('verified-hash').textContent).toBe(verifyEn.hashOk);
    const cards = within(screen.getByTestId('verified-cards')).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    expect(within(cards[0] as HTMLElement).getByText('The card')).toBeTruthy();
    expect(
      within(cards[0] as HTMLElement)
        .getByRole('img')
        .getAttribute('data-card'),
    ).toBe(server.cards[0]?.card);
  });
});
