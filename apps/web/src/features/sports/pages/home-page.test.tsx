import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { useUiPreferences } from '../../../shared/preferences/ui-preferences';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi } from '../../../shared/test/render-page';
import { buildEvent, listRunner, logInPlayer } from '../../../shared/test/sports-fixtures';
import HomePage from './home-page';

function event(id: number, title: string, live: boolean) {
  return buildEvent({
    id,
    title,
    status: live ? 'IN_PLAY' : 'UPCOMING',
    matchOdds: {
      marketId: `1.${id}`,
      status: 'OPEN',
      runners: [listRunner(1, `${title} A`, [2, 10], [2.02, 10])],
    },
  });
}

const LIVE = event(101, 'India v Australia', true);
const LATER = event(102, 'Nepal v Oman', false);
const SOON = event(103, 'Kenya v Uganda', false);

beforeEach(() => {
  logInPlayer();
  useUiPreferences.setState({ pins: ['102'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the sports home', () => {
  it('shows pinned events, what is in play and what starts soon', async () => {
    const seen = serveApi({
      'Event/TreeSportWithEvent': () =>
        jsonResponse(okEnvelope([{ id: 3, name: 'Cricket', order: 3, events: [LIVE, LATER] }])),
      'Event/Closest': () => jsonResponse(okEnvelope([LIVE, SOON])),
    });
    renderPage(HomePage, { path: '/index' });

    const pinned = await screen.findByRole('list', { name: 'Pinned matches' });
    expect(
      within(pinned)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Nepal v Oman']);
    const inPlay = screen.getByRole('list', { name: 'In play now' });
    expect(
      within(inPlay)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['India v Australia']);
    const soon = await screen.findByRole('list', { name: 'Starting soon' });
    // In-play events are already listed above.
    expect(
      within(soon)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Kenya v Uganda']);
    const closest = seen.find((r) => r.url.pathname === '/api/Event/Closest');
    expect(closest?.url.searchParams.get('count')).toBe('10');
  });

  it('leaves the pinned section out without pins, and says when nothing is on', async () => {
    useUiPreferences.setState({ pins: [] });
    serveApi({
      'Event/TreeSportWithEvent': () => jsonResponse(okEnvelope([])),
      'Event/Closest': () => jsonResponse(okEnvelope([])),
    });
    renderPage(HomePage, { path: '/index' });
    expect(await screen.findByText('No matches are in play right now.')).toBeTruthy();
    expect(await screen.findByText('No matches are scheduled to start soon.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Pinned/ })).toBeNull();
  });

  it('reads in Hindi once the player picks it', async () => {
    serveApi({
      'Event/TreeSportWithEvent': () =>
        jsonResponse(okEnvelope([{ id: 3, name: 'Cricket', order: 3, events: [LIVE, LATER] }])),
      'Event/Closest': () => jsonResponse(okEnvelope([LIVE, SOON])),
    });
    renderPage(HomePage, { path: '/index' });
    await screen.findByRole('list', { name: 'In play now' });

    await act(() => chooseLanguage('hi'));

    expect(await screen.findByRole('heading', { level: 2, name: /^अभी इन-प्ले/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /^पिन किए गए/ })).toBeTruthy();
    const inPlay = screen.getByRole('list', { name: 'अभी इन-प्ले' });
    expect(within(inPlay).getByText('इन-प्ले')).toBeTruthy();
    expect(within(inPlay).getByRole('button', { name: 'India v Australia पिन करें' }).title).toBe(
      'सबसे ऊपर पिन करें',
    );
    expect(within(inPlay).getByRole('button', { name: /^बैक India v Australia A 2 / })).toBeTruthy();
    expect(screen.getByText('आज के सबसे बड़े मैचों पर एक्सचेंज ऑड्स पर बैक और ले करें।')).toBeTruthy();
  });
});
