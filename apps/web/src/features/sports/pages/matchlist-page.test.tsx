import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBetSlip } from '../../bets/index';
import { emitMarketUpdate } from '../../../shared/hub/market-updates';
import { useUiPreferences } from '../../../shared/preferences/ui-preferences';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { failedEnvelope, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi } from '../../../shared/test/render-page';
import { buildEvent, listRunner, logInPlayer } from '../../../shared/test/sports-fixtures';
import MatchlistPage from './matchlist-page';

const EVENTS = [
  buildEvent({ id: 101, title: 'India v Australia' }),
  buildEvent({
    id: 102,
    title: 'England v Pakistan',
    status: 'IN_PLAY',
    matchDate: 'In-Play',
    score: 'ENG 152/4 (17.2)',
    matchOdds: {
      marketId: '1.102',
      status: 'OPEN',
      runners: [
        listRunner(1, 'England', [1.5, 2500], [1.52, 900]),
        listRunner(2, 'Pakistan', [2.9, 300], null),
      ],
    },
  }),
  // The feed says In-Play in the date before the status catches up (spec §4).
  buildEvent({
    id: 103,
    title: 'Nepal v Oman',
    matchDate: 'In-Play',
    matchOdds: {
      marketId: '1.103',
      status: 'OPEN',
      runners: [listRunner(1, 'Nepal', [2, 100], [2.02, 100]), listRunner(2, 'Oman', null, null)],
    },
  }),
  buildEvent({ id: 104, title: 'Kenya v Uganda', matchOdds: null }),
];

const rowOf = (title: string) =>
  screen.getByRole('link', { name: title }).closest('li') as HTMLElement;

beforeEach(() => {
  logInPlayer();
  useUiPreferences.setState({ pins: [] });
  useBetSlip.getState().close();
});
afterEach(() => vi.unstubAllGlobals());

describe('the match list', () => {
  it('lists the sport’s events with their best back and lay prices and sizes', async () => {
    const seen = serveApi({ 'event/GetBySportName': () => jsonResponse(okEnvelope(EVENTS)) });
    renderPage(MatchlistPage, { path: '/matchlist/:id', url: '/matchlist/3' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Cricket' })).toBeTruthy();
    const back = await screen.findByRole('button', { name: /^Back India 1\.85 / });
    expect(back.textContent).toContain('1.2K');
    expect(screen.getByRole('button', { name: /^Lay India 1\.87 / })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Back Pakistan 2\.9 / })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Lay Pakistan/ })).toBeNull();
    expect(within(rowOf('England v Pakistan')).getByText('ENG 152/4 (17.2)')).toBeTruthy();
    expect(within(rowOf('Kenya v Uganda')).getByText('No prices yet')).toBeTruthy();
    expect(within(rowOf('India v Australia')).getByText('T20 World Cup')).toBeTruthy();

    const call = seen.find((r) => r.url.pathname === '/api/event/GetBySportName');
    expect(call?.method).toBe('GET');
    expect(call?.url.searchParams.get('sportId')).toBe('3');
  });

  it('shows In-Play when the status is IN_PLAY or the date reads In-Play, and only then', async () => {
    serveApi({ 'event/GetBySportName': () => jsonResponse(okEnvelope(EVENTS)) });
    renderPage(MatchlistPage, { path: '/matchlist/:id', url: '/matchlist/3' });
    await screen.findByRole('link', { name: 'India v Australia' });

    expect(within(rowOf('England v Pakistan')).queryByText('In-Play')).not.toBeNull();
    expect(within(rowOf('Nepal v Oman')).queryByText('In-Play')).not.toBeNull();
    expect(within(rowOf('India v Australia')).queryByText('In-Play')).toBeNull();
    expect(within(rowOf('India v Australia')).getByRole('time')).toBeTruthy();
  });

  it('puts pinned events first and keeps the pins in the UI preferences', async () => {
    serveApi({ 'event/GetBySportName': () => jsonResponse(okEnvelope(EVENTS)) });
    renderPage(MatchlistPage, { path: '/matchlist/:id', url: '/matchlist/3' });
    await screen.findByRole('link', { name: 'India v Australia' });
    const titles = () =>
      within(screen.getByRole('list', { name: 'Cricket matches' }))
        .getAllByRole('link')
        .map((a) => a.textContent);
    expect(titles()[0]).toBe('India v Australia');

    const pin = screen.getByRole('button', { name: 'Pin Nepal v Oman' });
    expect(pin.getAttribute('aria-pressed')).toBe('false');
    act(() => pin.click());

    expect(titles()).toEqual([
      'Nepal v Oman',
      'India v Australia',
      'England v Pakistan',
      'Kenya v Uganda',
    ]);
    expect(
      screen.getByRole('button', { name: 'Pin Nepal v Oman' }).getAttribute('aria-pressed'),
    ).toBe('true');
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.uiPreferences) ?? '{}');
    expect(stored.state.pins).toEqual(['103']);
  });

  it('goes to the event’s markets when the event is chosen', async () => {
    serveApi({ 'event/GetBySportName': () => jsonResponse(okEnvelope(EVENTS)) });
    renderPage(MatchlistPage, { path: '/matchlist/:id', url: '/matchlist/3' });
    fireEvent.click(await screen.findByRole('link', { name: 'India v Australia' }));
    expect(await screen.findByTestId('landed')).toHaveProperty(
      'textContent',
      '/markets/101/ext-101',
    );
  });

  it('opens the bet slip at the price chosen', async () => {
    serveApi({ 'event/GetBySportName': () => jsonResponse(okEnvelope(EVENTS)) });
    renderPage(MatchlistPage, { path: '/matchlist/:id', url: '/matchlist/3' });
    fireEvent.click(await screen.findByRole('button', { name: /^Lay England 1\.52 / }));
    expect(useBetSlip.getState().selection).toMatchObject({
      eventId: 102,
      marketId: '1.102',
      runnerId: 1,
      runnerName: 'England',
      side: 'LAY',
      price: 1.52,
      inPlay: true,
    });
    expect(
      screen.getByRole('button', { name: /^Lay England 1\.52 / }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('moves prices and suspends markets as the hub pushes them', async () => {
    serveApi({ 'event/GetBySportName': () => jsonResponse(okEnvelope(EVENTS)) });
    renderPage(MatchlistPage, { path: '/matchlist/:id', url: '/matchlist/3' });
    await screen.findByRole('button', { name: /^Back India 1\.85 / });

    await act(async () =>
      emitMarketUpdate({
        code: 'MarketOdds',
        data: {
          MarketId: '1.101',
          PublishedAt: 2,
          Runners: [{ RunnerId: 1, Back: [{ Price: 1.8, Size: 40 }], Lay: [] }],
        },
      }),
    );
    expect(await screen.findByRole('button', { name: /^Back India 1\.8 / })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Lay India/ })).toBeNull();

    await act(async () =>
      emitMarketUpdate({
        code: 'MarketStatus',
        data: { MarketId: '1.101', Status: 'suspended', InPlay: true, PublishedAt: 3 },
      }),
    );
    const row = rowOf('India v Australia');
    expect((await within(row).findByRole('status')).textContent).toBe('Suspended');
    expect(within(row).getByText('In-Play')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Back India 1\.8 / })).toHaveProperty(
      'disabled',
      true,
    );

    await act(async () =>
      emitMarketUpdate({
        code: 'MarketStatus',
        data: { MarketId: '1.101', Status: 'closed', InPlay: true, PublishedAt: 4 },
      }),
    );
    await waitFor(() => expect(within(row).getByRole('status').textContent).toBe('Closed'));
    expect(within(rowOf('England v Pakistan')).queryByRole('status')).toBeNull();
  });

  it('shows a dash named for each side with no price instead of an empty box', async () => {
    serveApi({ 'event/GetBySportName': () => jsonResponse(okEnvelope(EVENTS)) });
    renderPage(MatchlistPage, { path: '/matchlist/:id', url: '/matchlist/3' });
    const row = (await screen.findByRole('link', { name: 'Nepal v Oman' })).closest('li');
    if (!row) throw new Error('the event has a row');
    // Oman has neither a back nor a lay price; Nepal has both.
    expect(
      within(row)
        .getAllByRole('img')
        .map((cell) => [cell.getAttribute('aria-label'), cell.textContent]),
    ).toEqual([
      ['No back price', '—'],
      ['No lay price', '—'],
    ]);
    expect(
      within(rowOf('England v Pakistan')).getByRole('img', { name: 'No lay price' }),
    ).toBeTruthy();
  });

  it('shows a race as a race card: one runner a row, with its number, name, back and lay', async () => {
    const horses = [
      'Noble Legend',
      'Malabar Queen',
      'Silent Melody',
      'Saffron Arrow',
      'Velvet Legend',
      'Malabar Prince',
    ];
    const race = buildEvent({
      id: 301,
      title: '10:03 Sha Tin (HK) 1600m',
      sportId: 26,
      sportName: 'Horse Racing',
      competition: 'Sha Tin (HK)',
      matchOdds: {
        marketId: '1.301',
        status: 'SUSPENDED',
        runners: horses.map((name, i) =>
          listRunner(i + 1, name, [3 + i, 100], i === 5 ? null : [3.2 + i, 100]),
        ),
      },
    });
    serveApi({ 'event/GetBySportName': () => jsonResponse(okEnvelope([race])) });
    renderPage(MatchlistPage, { path: '/matchlist/:id', url: '/matchlist/26' });

    const card = await screen.findByRole('list', { name: '10:03 Sha Tin (HK) 1600m runners' });
    const rows = within(card).getAllByRole('listitem');
    expect(rows).toHaveLength(horses.length);
    expect(rows.map((row) => row.textContent)).toEqual(
      horses.map((name, i) => expect.stringMatching(new RegExp(`^${i + 1}${name}`))),
    );
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Back Malabar Queen 4 100', 'Lay Malabar Queen 4.2 100']);
    expect(within(rows[5] as HTMLElement).getByRole('img', { name: 'No lay price' })).toBeTruthy();
    // A race before the weigh-in is suspended: said once, over the whole card's prices.
    expect(within(rowOf('10:03 Sha Tin (HK) 1600m')).getByRole('status').textContent).toBe(
      'Suspended',
    );
  });

  it('says so when the sport has no events, or they cannot be loaded', async () => {
    serveApi({ 'event/GetBySportName': () => jsonResponse(okEnvelope([])) });
    const first = renderPage(MatchlistPage, { path: '/matchlist/:id', url: '/matchlist/1' });
    expect(await screen.findByText('No football matches are listed right now.')).toBeTruthy();
    first.unmount();

    serveApi({
      'event/GetBySportName': () =>
        jsonResponse(failedEnvelope('Feed is down', 'UNAVAILABLE'), 503),
    });
    renderPage(MatchlistPage, { path: '/matchlist/:id', url: '/matchlist/1' });
    expect((await screen.findByRole('alert')).textContent).toContain('Feed is down');
  });

  it('goes by the domain’s switches until the player’s own flags arrive after a login', async () => {
    // As stored from the login result: no id yet and every flag off.
    logInPlayer({ userId: null, cricket: false, football: false });
    serveApi({ 'event/GetBySportName': () => jsonResponse(okEnvelope(EVENTS)) });
    renderPage(MatchlistPage, { path: '/matchlist/:id', url: '/matchlist/3' });
    expect(await screen.findByRole('link', { name: 'India v Australia' })).toBeTruthy();
  });

  it('shows only sports the visitor may see (spec §6)', async () => {
    logInPlayer({ kabaddi: false });
    const seen = serveApi({ 'event/GetBySportName': () => jsonResponse(okEnvelope(EVENTS)) });
    renderPage(MatchlistPage, { path: '/matchlist/:id', url: '/matchlist/25' });
    expect(await screen.findByText('Kabaddi is not available on your account.')).toBeTruthy();

    renderPage(MatchlistPage, {
      path: '/matchlist/:id',
      url: '/matchlist/26',
      sportFlags: {
        football: true,
        tennis: true,
        cricket: true,
        kabaddi: true,
        horseRacing: false,
      },
    });
    expect(await screen.findByText('Horse Racing is not available on your account.')).toBeTruthy();
    await waitFor(() => expect(seen).toEqual([]));
  });
});
