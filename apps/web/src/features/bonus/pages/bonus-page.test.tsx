import type { BonusList, ClaimBonusResult } from '@backlay/contract/bonuses';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { ROUTE_TITLES } from '../../../shared/routing/route-titles';
import { userInfoQueryOptions } from '../../../shared/session/user-info-query';
import { jsonResponse, okEnvelope, failedEnvelope } from '../../../shared/test/fixtures';
import { serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { buildBonus, buildBonusList, buildOffer, buildTerms } from '../test/bonus-fixtures';
import BonusPage from './bonus-page';

/** The bonus page under its route, whose handle gives the page its heading. */
function renderBonus(url = '/bonus') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/bonus',
        handle: { name: 'bonus', title: ROUTE_TITLES.bonus },
        Component: BonusPage,
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient };
}

const listed = (list: BonusList) => () => jsonResponse(okEnvelope(list));

function claimed(overrides: Partial<ClaimBonusResult> = {}): ClaimBonusResult {
  return {
    outcome: 'CLAIMED',
    bonus: buildBonus({ wagered: 0 }),
    bonusBalance: 800,
    balance: 800,
    exposure: 0,
    ...overrides,
  };
}

const calls = (seen: SeenRequest[], path: string) =>
  seen.filter((request) => request.url.pathname === `/api/${path}`);

const term = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => logInPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the bonus page', () => {
  it('shows every term of an offer before its claim button', async () => {
    serveApi({
      'Bonus/GetBonuses': listed(
        buildBonusList({
          available: [
            buildOffer({ claimBy: '2026-12-31T18:30:00Z', usesLeft: 1 }),
            buildOffer({
              id: 'offer-2',
              title: 'Casino reload',
              amount: null,
              required: null,
              qualifyingAmount: null,
              claimable: false,
              blocked: 'DEPOSIT_FIRST',
              terms: buildTerms({
                type: 'RELOAD',
                percent: 50,
                maxAmount: 2000,
                minDeposit: 1000,
                wageringMultiplier: 10,
                product: 'CASINO',
                betting: null,
                casino: {
                  categories: [
                    { category: 'slots', percent: 100 },
                    { category: 'table', percent: 20 },
                  ],
                },
                expiryDays: 14,
                usesPerPlayer: 3,
                usesTotal: 500,
                endsAt: '2027-01-31T18:29:00Z',
              }),
            }),
          ],
        }),
      ),
    });
    renderBonus();

    const welcome = await screen.findByRole('article', { name: 'Welcome bonus' });
    expect(within(welcome).getByTestId('offer-amount').textContent).toBe('₹800.00');
    expect(within(welcome).getByText('Worked out from ₹800.00')).toBeTruthy();
    expect(term(welcome, 'Bonus')).toBe('100% of your deposit, up to ₹1,000.00');
    expect(term(welcome, 'Minimum deposit')).toBe('₹500.00');
    expect(term(welcome, 'Wagering')).toBe('5× the bonus (₹4,000.00 of stakes)');
    expect(term(welcome, 'What counts')).toMatch(
      /^Exchange bets at odds of 1\.5 or more, on their matched stake once the market settles; 100% of each stake counts\./,
    );
    expect(term(welcome, 'For')).toBe('Betting only');
    expect(term(welcome, 'Time to wager')).toBe('7 days after claiming');
    expect(term(welcome, 'Uses')).toBe('Once per player');
    expect(term(welcome, 'Runs')).toMatch(/^From .*2026.*, no end date$/);
    expect(term(welcome, 'Claim by')).toMatch(/2026/);
    // The terms come before the button in reading order.
    const button = within(welcome).getByRole('button', { name: 'Claim Welcome bonus' });
    const terms = welcome.querySelector('dl');
    expect(terms?.compareDocumentPosition(button)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    const reload = screen.getByRole('article', { name: 'Casino reload' });
    expect(within(reload).getByTestId('offer-amount').textContent).toBe('50% up to ₹2,000.00');
    expect(term(reload, 'Wagering')).toBe('10× the bonus');
    expect(within(reload).getByText('slots: 100% of each stake')).toBeTruthy();
    expect(within(reload).getByText('table: 20% of each stake')).toBeTruthy();
    expect(term(reload, 'For')).toBe('Casino only');
    expect(term(reload, 'Uses')).toBe('3 times per player · 500 in all');
    expect(within(reload).queryByRole('button', { name: /Claim/ })).toBeNull();
    expect(
      within(reload).getByText('Make a qualifying deposit first, then claim it here.'),
    ).toBeTruthy();
    expect(within(reload).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(
      '/depositw/deposit',
    );
  });

  it('claims an offer, says so, reads the bonuses again and puts the bonus in the header', async () => {
    let read = 0;
    const seen = serveApi({
      'Bonus/GetBonuses': () =>
        jsonResponse(
          okEnvelope(
            read++ === 0
              ? buildBonusList({ available: [buildOffer()] })
              : buildBonusList({ bonusBalance: 800, active: [buildBonus({ wagered: 0 })] }),
          ),
        ),
      'Bonus/Claim': () => jsonResponse(okEnvelope(claimed())),
    });
    const { queryClient } = renderBonus();
    queryClient.setQueryData(userInfoQueryOptions().queryKey, {
      userId: 'u1',
      userName: 'alice',
      isDemo: false,
      balance: 800,
      exposure: 0,
      bonus: 0,
      football: true,
      tennis: true,
      cricket: true,
      kabaddi: true,
      horseRacing: true,
      stakes: null,
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Claim Welcome bonus' }));

    expect((await screen.findByTestId('claim-notice')).textContent).toBe(
      'Welcome bonus claimed: ₹800.00 is in your bonus wallet.',
    );
    const claim = calls(seen, 'Bonus/Claim');
    expect(claim).toHaveLength(1);
    expect(claim[0]?.method).toBe('GET');
    expect(claim[0]?.url.searchParams.get('bonusId')).toBe('offer-1');
    expect(claim[0]?.url.searchParams.has('coupon')).toBe(false);
    await screen.findByRole('article', { name: 'Welcome bonus' });
    await waitFor(() => expect(screen.getByTestId('bonus-balance').textContent).toBe('₹800.00'));
    expect(calls(seen, 'Bonus/GetBonuses')).toHaveLength(2);
    expect(queryClient.getQueryData(userInfoQueryOptions().queryKey)?.bonus).toBe(800);
  });

  it('says a bonus claimed twice was claimed already, and nothing was added again', async () => {
    serveApi({
      'Bonus/GetBonuses': listed(buildBonusList({ available: [buildOffer()] })),
      'Bonus/Claim': () => jsonResponse(okEnvelope(claimed({ outcome: 'ALREADY_CLAIMED' }))),
    });
    renderBonus();

    fireEvent.click(await screen.findByRole('button', { name: 'Claim Welcome bonus' }));

    expect((await screen.findByTestId('claim-notice')).textContent).toBe(
      'You claimed Welcome bonus already: nothing was added again.',
    );
  });

  it('shows a refused claim in its card, in the server’s words', async () => {
    serveApi({
      'Bonus/GetBonuses': listed(buildBonusList({ available: [buildOffer()] })),
      'Bonus/Claim': () =>
        jsonResponse(failedEnvelope('You are on a break: bonuses wait.', 'FORBIDDEN')),
    });
    renderBonus();

    fireEvent.click(await screen.findByRole('button', { name: 'Claim Welcome bonus' }));

    const card = screen.getByRole('article', { name: 'Welcome bonus' });
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'You are on a break: bonuses wait.',
    );
    expect(screen.queryByTestId('claim-notice')).toBeNull();
  });

  it('shows an active bonus’s wagering meter and the time it has left', async () => {
    serveApi({
      'Bonus/GetBonuses': listed(
        buildBonusList({ bonusBalance: 800, active: [buildBonus({ wagered: 1000 })] }),
      ),
    });
    renderBonus();

    const card = await screen.findByRole('article', { name: 'Welcome bonus' });
    const meter = within(card).getByRole('progressbar', { name: 'Wagering of Welcome bonus' });
    expect(meter.getAttribute('aria-valuenow')).toBe('25');
    expect(meter.getAttribute('aria-valuetext')).toBe('₹1,000.00 of ₹4,000.00 wagered');
    expect(within(card).getByText('₹3,000.00 to go')).toBeTruthy();
    expect(within(card).getByText('2d 3h left')).toBeTruthy();
    expect(screen.getByTestId('bonus-balance').textContent).toBe('₹800.00');
  });

  it('says plainly when there is nothing: no offers, nothing wagered, no past bonuses', async () => {
    serveApi({ 'Bonus/GetBonuses': listed(buildBonusList({ referral: null })) });
    renderBonus();

    expect(await screen.findByText('No offers for you right now.')).toBeTruthy();
    expect(screen.getByText('No bonus is being wagered.')).toBeTruthy();
    expect(screen.getByText('No past bonuses yet.')).toBeTruthy();
    expect(screen.getByTestId('bonus-balance').textContent).toBe('₹0.00');
    expect(screen.queryByRole('button', { name: /Claim/ })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invite friends' })).toBeNull();
  });

  it('lists past bonuses with what each became', async () => {
    serveApi({
      'Bonus/GetBonuses': listed(
        buildBonusList({
          past: [
            buildBonus({
              id: 'b2',
              status: 'CONVERTED',
              wagered: 4000,
              settledAmount: 800,
              endedAt: '2026-11-27T10:00:00Z',
            }),
            buildBonus({
              id: 'b3',
              title: 'Lossback',
              status: 'FORFEITED',
              settledAmount: 120,
              reason: 'Bonus abuse',
              endedAt: '2026-11-20T10:00:00Z',
            }),
          ],
        }),
      ),
    });
    renderBonus();

    const rows = await screen.findAllByTestId('past-bonus');
    expect(rows[0]?.textContent).toContain('Converted');
    expect(rows[0]?.textContent).toContain('₹800.00 became cash');
    expect(rows[1]?.textContent).toContain('Forfeited');
    expect(rows[1]?.textContent).toContain('₹120.00 went back');
    expect(rows[1]?.textContent).toContain('Reason: Bonus abuse');
  });

  it('looks a coupon up with the offers and claims its offer with the code', async () => {
    const seen = serveApi({
      'Bonus/GetBonuses': (request) => {
        const code = request.url.searchParams.get('coupon');
        return jsonResponse(
          okEnvelope(
            buildBonusList({
              available:
                code === 'DIWALI500'
                  ? [
                      buildOffer({
                        id: 'coupon-offer',
                        title: 'Diwali coupon',
                        terms: buildTerms({
                          type: 'COUPON',
                          amountKind: 'FIXED',
                          amount: 500,
                          percent: null,
                          maxAmount: null,
                          minDeposit: null,
                        }),
                      }),
                    ]
                  : [],
            }),
          ),
        );
      },
      'Bonus/Claim': () => jsonResponse(okEnvelope(claimed())),
    });
    renderBonus();

    const form = await screen.findByRole('form', { name: 'Coupon' });
    fireEvent.change(within(form).getByLabelText('Coupon code'), { target: { value: 'nope' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show offer' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe(
      'No offer for you has this code. Check it and try again.',
    );

    fireEvent.change(within(form).getByLabelText('Coupon code'), {
      target: { value: 'diwali500' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Show offer' }));
    const offer = await screen.findByRole('article', { name: 'Diwali coupon' });
    expect(term(offer, 'Bonus')).toBe('₹500.00');
    fireEvent.click(within(offer).getByRole('button', { name: 'Claim Diwali coupon' }));
    await screen.findByTestId('claim-notice');

    const lookups = calls(seen, 'Bonus/GetBonuses').map((r) => r.url.searchParams.get('coupon'));
    expect(lookups.slice(0, 3)).toEqual([null, 'NOPE', 'DIWALI500']);
    const claim = calls(seen, 'Bonus/Claim')[0];
    expect(claim?.url.searchParams.get('bonusId')).toBe('coupon-offer');
    expect(claim?.url.searchParams.get('coupon')).toBe('DIWALI500');
  });

  it('refuses a coupon code of the wrong shape without a call', async () => {
    const seen = serveApi({ 'Bonus/GetBonuses': listed(buildBonusList()) });
    renderBonus();

    const form = await screen.findByRole('form', { name: 'Coupon' });
    fireEvent.change(within(form).getByLabelText('Coupon code'), { target: { value: 'a-b' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show offer' }));

    expect(within(form).getByText('A code is 4 to 20 letters or digits.')).toBeTruthy();
    expect(calls(seen, 'Bonus/GetBonuses')).toHaveLength(1);
  });

  it('shows the player’s referral link with a copy button', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    serveApi({ 'Bonus/GetBonuses': listed(buildBonusList()) });
    renderBonus();

    const referral = await screen.findByRole('region', { name: 'Invite friends' });
    expect((within(referral).getByLabelText('Your referral link') as HTMLInputElement).value).toBe(
      'https://99exch.com/bonus?ref=ALICE42',
    );
    expect(within(referral).getByText('Friends joined: 3 · rewarded: 1')).toBeTruthy();
    fireEvent.click(within(referral).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://99exch.com/bonus?ref=ALICE42');
  });

  it('offers to take a friend’s code from the link the player came by', async () => {
    const seen = serveApi({
      'Bonus/GetBonuses': listed(buildBonusList()),
      'Bonus/Claim': () => jsonResponse(okEnvelope(claimed({ outcome: 'REFERRED', bonus: null }))),
    });
    renderBonus('/bonus?ref=FRIEND7');

    const invite = await screen.findByRole('region', { name: 'A friend invited you' });
    fireEvent.click(within(invite).getByRole('button', { name: 'Use this code' }));

    expect((await screen.findByTestId('claim-notice')).textContent).toBe(
      'Your friend’s code is saved: they are rewarded once you qualify.',
    );
    expect(calls(seen, 'Bonus/Claim')[0]?.url.searchParams.get('referral')).toBe('FRIEND7');
  });

  it('offers nothing to a player on a break, and says why', async () => {
    serveApi({
      'Bonus/GetBonuses': listed(buildBonusList({ restriction: 'BREAK', referral: null })),
    });
    renderBonus('/bonus?ref=FRIEND7');

    expect(
      await screen.findByText(
        'You are on a break: bonuses are not offered or claimed until it ends.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Offers' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Coupon' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'A friend invited you' })).toBeNull();
  });

  it('says so when the bonuses cannot be read, and tries again', async () => {
    let read = 0;
    serveApi({
      'Bonus/GetBonuses': () =>
        read++ === 0
          ? jsonResponse(failedEnvelope('Bonuses are resting.', 'INTERNAL'))
          : jsonResponse(okEnvelope(buildBonusList())),
    });
    renderBonus();

    expect((await screen.findByRole('alert')).textContent).toContain('Bonuses are resting.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No offers for you right now.')).toBeTruthy();
  });

  it('reads in Hindi once the player chooses it', async () => {
    serveApi({
      'Bonus/GetBonuses': listed(buildBonusList({ available: [buildOffer()] })),
    });
    renderBonus();
    await screen.findByRole('article', { name: 'Welcome bonus' });
    await act(() => chooseLanguage('hi'));

    expect(screen.getByRole('heading', { level: 1, name: 'बोनस' })).toBeTruthy();
    expect(screen.getByText('आपके अकाउंट पर ऑफ़र और उन्हें क्लेम करने का तरीका।')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Welcome bonus क्लेम करें' })).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Welcome bonus' });
    expect(term(card, 'वेजरिंग')).toBe('बोनस का 5× (₹4,000.00 के स्टेक)');
  });
});
