import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiPreferences } from '../../../shared/preferences/ui-preferences';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi } from '../../../shared/test/render-page';
import { buildEvent, listRunner, logInPlayer } from '../../../shared/test/sports-fixtures';
import InplayPage from './inplay-page';

function event(id: number, title: string, sportId: number, live: boolean) {
  return buildEvent({
    id,
    title,
    sportId,
    status: live ? 'IN_PLAY' : 'UPCOMING',
    matchOdds: {
      marketId: `1.${id}`,
      status: 'OPEN',
      runners: [listRunner(1, `${title} A`, [2, 10], [2.02, 10])],
    },
  });
}

const TREE = [
  { id: 1, name: 'Football', order: 1, events: [event(201, 'Arsenal v Spurs', 1, true)] },
  { id: 2, name: 'Tennis', order: 2, events: [event(301, 'Alcaraz v Sinner', 2, false)] },
  {
    id: 3,
    name: 'Cricket',
    order: 3,
    events: [event(101, 'India v Australia', 3, true), event(102, 'Nepal v Oman', 3, false)],
  },
  { id: 25, name: 'Kabaddi', order: 25, events: [event(401, 'Patna v Pune', 25, true)] },
];

beforeEach(() => {
  logInPlayer({ kabaddi: false });
  useUiPreferences.setState({ pins: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the in-play page', () => {
  it('lists the events in play, by visible sport, from the sport tree', async () => {
    const seen = serveApi({ 'Event/TreeSportWithEvent': () => jsonResponse(okEnvelope(TREE)) });
    renderPage(InplayPage, { path: '/inplay' });

    const football = await screen.findByRole('list', { name: 'Football in play' });
    expect(within(football).getByRole('link', { name: 'Arsenal v Spurs' })).toBeTruthy();
    const cricket = screen.getByRole('list', { name: 'Cricket in play' });
    expect(
      within(cricket)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['India v Australia']);
    expect(within(cricket).getByText('In-Play')).toBeTruthy();
    // Nothing in play in tennis; kabaddi is not the player's to see.
    expect(screen.queryByRole('list', { name: 'Tennis in play' })).toBeNull();
    expect(screen.queryByText('Patna v Pune')).toBeNull();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/\s+/g, ' ')),
    ).toEqual(['Football 1', 'Cricket 1']);
    expect(seen[0]?.url.pathname).toBe('/api/Event/TreeSportWithEvent');
  });

  it('says so when nothing is in play', async () => {
    serveApi({
      'Event/TreeSportWithEvent': () =>
        jsonResponse(okEnvelope([{ id: 3, name: 'Cricket', order: 3, events: [] }])),
    });
    renderPage(InplayPage, { path: '/inplay' });
    expect(await screen.findByText('No matches are in play right now.')).toBeTruthy();
  });
});
