import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { failedEnvelope, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import {
  buildBet,
  buildBetResult,
  buildBookmakerBet,
  buildFancyNoBet,
  buildOpenBets,
  logInPlayer,
} from '../../../shared/test/sports-fixtures';
import { toastStore } from '../../../shared/toasts/toast-store';
import CurrentBetPage from './current-bet-page';
import OpenBetsPage from './open-bets-page';

const MATCHED = buildBet({ id: 1, runnerName: 'India' });
const WAITING = buildBet({
  id: 2,
  runnerName: 'Australia',
  runnerId: 2,
  side: 'LAY',
  price: 2.2,
  stake: 500,
  matchedStake: 0,
  averagePrice: null,
  unmatchedStake: 500,
  status: 'UNMATCHED',
  liability: 600,
});
const PARTLY = buildBet({
  id: 3,
  runnerName: 'England',
  price: 3,
  stake: 1000,
  matchedStake: 600,
  averagePrice: 3.05,
  unmatchedStake: 400,
  status: 'PARTIALLY_MATCHED',
});

const openBetsCalls = (seen: SeenRequest[]) =>
  seen.filter((r) => r.url.pathname === '/api/Bet/GetUserOpenBets');

beforeEach(() => {
  logInPlayer();
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});
afterEach(() => vi.unstubAllGlobals());

describe('the open bets pages', () => {
  it('separate unmatched from matched bets, a partly matched bet in both', async () => {
    serveApi({
      'Bet/GetUserOpenBets': () =>
        jsonResponse(okEnvelope(buildOpenBets([MATCHED, WAITING, PARTLY], { exposure: 1600 }))),
    });
    renderPage(OpenBetsPage, { path: '/open-bets' });

    const unmatched = await screen.findByRole('list', { name: 'Unmatched bets' });
    expect(
      within(unmatched)
        .getAllByRole('listitem')
        .map((li) => li.dataset.betId),
    ).toEqual(['2', '3']);
    const matched = screen.getByRole('list', { name: 'Matched bets' });
    expect(
      within(matched)
        .getAllByRole('listitem')
        .map((li) => li.dataset.betId),
    ).toEqual(['1', '3']);
    // The matched part of a partly matched bet shows at its average price.
    const partlyMatched = within(matched).getAllByRole('listitem')[1] as HTMLElement;
    expect(within(partlyMatched).getByLabelText('Price 3.05')).toBeTruthy();
    expect(partlyMatched.textContent).toContain('600.00');
    expect(screen.getByTestId('open-bets-exposure').textContent).toBe('1,600.00');
    // Each bet links to its event's market page.
    const firstMatched = within(matched).getAllByRole('listitem')[0] as HTMLElement;
    expect(
      within(firstMatched).getByRole('link', { name: MATCHED.eventName }).getAttribute('href'),
    ).toBe(`/markets/${MATCHED.eventId}/${MATCHED.eventExternalId}`);
    expect(within(matched).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(
      within(unmatched).getByRole('button', { name: 'Cancel unmatched Lay Australia 2.2' }),
    ).toBeTruthy();
    // What was fetched is kept for the next reload (spec §4).
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.openBets) ?? '{}');
    expect(stored.openBets.openBets).toHaveLength(3);
  });

  it('cancels an unmatched bet with Bet/CancelBet and reads the open bets again', async () => {
    let bets = [MATCHED, WAITING];
    const seen = serveApi({
      'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets(bets))),
      'Bet/CancelBet': () => {
        bets = [MATCHED];
        return jsonResponse(
          okEnvelope(
            buildBetResult({
              ...WAITING,
              unmatchedStake: 0,
              cancelledStake: 500,
              status: 'CANCELLED',
            }),
          ),
        );
      },
    });
    renderPage(CurrentBetPage, { path: '/current-bet' });
    const cancel = await screen.findByRole('button', {
      name: 'Cancel unmatched Lay Australia 2.2',
    });
    await act(async () => fireEvent.click(cancel));

    const call = seen.find((r) => r.url.pathname === '/api/Bet/CancelBet');
    expect(call?.method).toBe('POST');
    expect(call?.json).toEqual({ betId: 2 });
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Cancelled ₹500.00 unmatched on Lay Australia at 2.2.',
    );
    await waitFor(() => expect(openBetsCalls(seen)).toHaveLength(2));
    expect(await screen.findByText('No bets are waiting to be matched.')).toBeTruthy();
  });

  it('shows the server’s message when a cancel is refused', async () => {
    serveApi({
      'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets([WAITING]))),
      'Bet/CancelBet': () =>
        jsonResponse(
          failedEnvelope('That bet has nothing unmatched left to cancel.', 'CONFLICT'),
          409,
        ),
    });
    renderPage(OpenBetsPage, { path: '/open-bets' });
    await act(async () =>
      fireEvent.click(
        await screen.findByRole('button', { name: 'Cancel unmatched Lay Australia 2.2' }),
      ),
    );
    const shown = await screen.findByTestId('toast');
    expect(shown.dataset.kind).toBe('error');
    expect(shown.textContent).toBe('That bet has nothing unmatched left to cancel.');
  });

  it('starts from the open bets kept in storage while it reads them again', async () => {
    localStorage.setItem(
      STORAGE_KEYS.openBets,
      // Stored a moment ago (a client before this one also kept the time it read them).
      JSON.stringify({ openBets: buildOpenBets([MATCHED]), openBetsAt: Date.now() }),
    );
    let reads = 0;
    let answer: (response: Response) => void = () => undefined;
    serveApi({
      'Bet/GetUserOpenBets': () => {
        reads += 1;
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    // With the app's freshness: data read within 30 s is not read again.
    renderPage(OpenBetsPage, { path: '/open-bets', staleTimeMs: 30_000 });
    const matched = screen.getByRole('list', { name: 'Matched bets' });
    expect(within(matched).getAllByRole('listitem')).toHaveLength(1);
    // However recent the stored copy, the page reads the bets again: one placed elsewhere shows.
    await waitFor(() => expect(reads).toBe(1));
    await act(async () =>
      answer(jsonResponse(okEnvelope(buildOpenBets([MATCHED, buildBookmakerBet()])))),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Matched bets' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
  });

  it('reads a fancy No and a bookmaker bet as they were placed', async () => {
    serveApi({
      'Bet/GetUserOpenBets': () =>
        jsonResponse(okEnvelope(buildOpenBets([buildFancyNoBet(), buildBookmakerBet()]))),
    });
    renderPage(OpenBetsPage, { path: '/open-bets' });
    const matched = await screen.findByRole('list', { name: 'Matched bets' });
    const [fancy, bookmaker] = within(matched).getAllByRole('listitem') as HTMLElement[];
    const top = (card: HTMLElement | undefined) =>
      Array.from(card?.querySelector('.bet-card__top')?.children ?? [], (c) => c.textContent);
    expect(top(fancy)).toEqual(['No', '77 runs', 'rate 102']);
    expect(top(bookmaker)).toEqual(['Lay', 'India', 'rate 178']);
  });

  it('says so when there are none', async () => {
    serveApi({ 'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets([]))) });
    renderPage(OpenBetsPage, { path: '/open-bets' });
    expect(await screen.findByText('No bets are waiting to be matched.')).toBeTruthy();
    expect(screen.getByText('No matched bets are open.')).toBeTruthy();
  });
});
