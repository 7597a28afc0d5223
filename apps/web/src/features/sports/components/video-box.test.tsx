import type { SportTree } from '@backlay/contract/sports';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { paths } from '../../../shared/paths';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { buildEvent, logInPlayer } from '../../../shared/test/sports-fixtures';
import { VideoBox } from './video-box';

const LIVE = { status: 'IN_PLAY', matchDate: 'In-Play' } as const;
const TREE: SportTree = [
  {
    id: 3,
    name: 'Cricket',
    order: 3,
    events: [
      buildEvent({ id: 101, title: 'India v Australia', ...LIVE }),
      buildEvent({ id: 102, title: 'England v Pakistan' }),
    ],
  },
  {
    id: 1,
    name: 'Football',
    order: 1,
    events: [buildEvent({ id: 201, title: 'Mumbai City v Goa', sportId: 1, ...LIVE })],
  },
];

const STAND_IN = (eventId: number) => ({
  eventId,
  url: '/cdn/assets/_feed/tv-placeholder-cricket.svg',
  placeholder: true,
  message: 'Simulated feed: there is no live video of this event. Follow the live score.',
});

function answers(tree: SportTree = TREE) {
  return serveApi({
    'Event/TreeSportWithEvent': () => jsonResponse(okEnvelope(tree)),
    'services/app/Sport/GetVideoLink': ({ url }: SeenRequest) => {
      const eventId = Number(url.searchParams.get('eventId'));
      return jsonResponse(
        okEnvelope(
          eventId === 102
            ? {
                eventId,
                url: null,
                placeholder: false,
                message: 'The stream opens when the event goes in play.',
              }
            : STAND_IN(eventId),
        ),
      );
    },
  });
}

const videoCalls = (seen: SeenRequest[]) =>
  seen
    .filter((r) => r.url.pathname === '/api/services/app/Sport/GetVideoLink')
    .map((r) => r.url.searchParams.get('eventId'));

const openBox = () => fireEvent.click(screen.getByRole('button', { name: 'Live video' }));

beforeEach(() => logInPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the header video box', () => {
  it('plays an event in play, says a stand-in is simulated, and switches to another event', async () => {
    const seen = answers();
    renderPage(VideoBox, { path: '/index' });
    expect(videoCalls(seen)).toEqual([]);
    openBox();

    const box = await screen.findByRole('dialog', { name: 'Live video' });
    const picture = await within(box).findByRole('img', {
      name: 'Simulated feed for India v Australia',
    });
    expect(picture.getAttribute('src')).toBe('/cdn/assets/_feed/tv-placeholder-cricket.svg');
    expect(within(box).getByRole('note').textContent).toMatch(/no live video of this match/);
    // Only the events in play are offered.
    const choice = within(box).getByRole('combobox', { name: 'Event' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['India v Australia', 'Mumbai City v Goa']);
    expect(within(box).getByRole('link', { name: 'Open the event' }).getAttribute('href')).toBe(
      '/markets/101/ext-101',
    );

    fireEvent.change(choice, { target: { value: '201' } });
    expect(
      await within(box).findByRole('img', { name: 'Simulated feed for Mumbai City v Goa' }),
    ).toBeTruthy();
    expect(videoCalls(seen)).toEqual(['101', '201']);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("on an event's page shows that event first, with the server's word when it has no video", async () => {
    const seen = answers();
    renderPage(VideoBox, { path: paths.markets.path, url: '/markets/102/ext-102' });
    openBox();
    const box = await screen.findByRole('dialog', { name: 'Live video' });
    expect(
      await within(box).findByText('The stream opens when the event goes in play.'),
    ).toBeTruthy();
    expect(within(box).queryByRole('img')).toBeNull();
    const choice = within(box).getByRole('combobox', { name: 'Event' }) as HTMLSelectElement;
    expect(choice.value).toBe('102');
    expect(videoCalls(seen)).toEqual(['102']);
  });

  it("on a sport's page offers that sport's events in play first", async () => {
    const seen = answers();
    renderPage(VideoBox, { path: paths.matchlist.path, url: '/matchlist/1' });
    openBox();
    const box = await screen.findByRole('dialog', { name: 'Live video' });
    expect(
      await within(box).findByRole('img', { name: 'Simulated feed for Mumbai City v Goa' }),
    ).toBeTruthy();
    const choice = within(box).getByRole('combobox', { name: 'Event' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mumbai City v Goa', 'India v Australia']);
    expect(videoCalls(seen)).toEqual(['201']);
  });

  it('says so when nothing is in play, and asks for no video', async () => {
    const seen = answers([{ id: 3, name: 'Cricket', order: 3, events: [buildEvent({ id: 102 })] }]);
    renderPage(VideoBox, { path: '/index' });
    openBox();
    expect(await screen.findByText(/No event is in play right now/)).toBeTruthy();
    expect(videoCalls(seen)).toEqual([]);
  });

  it('speaks Hindi', async () => {
    answers();
    renderPage(VideoBox, { path: '/index' });
    await act(() => chooseLanguage('hi'));
    fireEvent.click(screen.getByRole('button', { name: 'लाइव वीडियो' }));
    const box = await screen.findByRole('dialog', { name: 'लाइव वीडियो' });
    expect(await within(box).findByRole('link', { name: 'इवेंट खोलें' })).toBeTruthy();
    expect(within(box).getByRole('combobox', { name: 'इवेंट' })).toBeTruthy();
    expect((await within(box).findByRole('note')).textContent).toMatch(/सिम्युलेटेड फ़ीड/);
  });
});
