import type { SportEvent } from '@backlay/contract/sports';
import { screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi } from '../../../shared/test/render-page';
import { buildEvent, logInPlayer } from '../../../shared/test/sports-fixtures';
import { EventRow } from './event-row';
import { EventHeader } from './markets/event-header';
import { ScoreCardBox } from './markets/score-card-box';

/** An ISO 8601 instant anywhere in a text. */
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** 21:39 at a Kolkata course on 23 Nov 2026, as the feed titles the race. */
const RACE_START = '2026-11-23T16:09:00.000Z';
const RACE = buildEvent({
  id: 201,
  sportId: 26,
  sportName: 'Horse Racing',
  title: '21:39 Kolkata (IND) 1200m',
  competition: 'Kolkata (IND)',
  matchDate: RACE_START,
  openDate: RACE_START,
});

// The player's browser is in India: the clock the page reads times on.
const runnerTimeZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Kolkata';
});
afterAll(() => {
  // Assigning undefined would set the text 'undefined'.
  if (runnerTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = runnerTimeZone;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Fixes the clock at an instant, leaving timers real. */
function nowIs(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

function renderRow(event: SportEvent) {
  function Row() {
    return (
      <ul>
        <EventRow event={event} pinned={false} onTogglePin={() => undefined} />
      </ul>
    );
  }
  return renderPage(Row, { path: '/' });
}

describe('event times', () => {
  it('shows a race titled 21:39 as starting at 21:39, in a row and in its header', () => {
    nowIs('2026-11-23T10:00:00.000Z');
    const row = renderRow(RACE);
    const time = row.container.querySelector('time');
    expect(time?.textContent).toBe('Today 21:39');
    expect(time?.getAttribute('dateTime')).toBe(RACE_START);
    expect(row.container.textContent).not.toMatch(ISO_INSTANT);
    expect(row.container.textContent).not.toMatch(/\b(am|pm)\b/i);
    row.unmount();

    function Header() {
      return <EventHeader event={RACE} pinned={false} onTogglePin={() => undefined} />;
    }
    const header = renderPage(Header, { path: '/' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('21:39 Kolkata (IND) 1200m');
    expect(header.container.querySelector('time')?.textContent).toBe('Today 21:39');
  });

  it('gives the venue’s time before the player’s on the event’s page when their clocks differ', async () => {
    // 21:39 at Meydan (UTC+4) is 23:09 in India.
    const meydanStart = '2026-11-23T17:39:00.000Z';
    const meydan = buildEvent({
      ...RACE,
      id: 202,
      title: '21:39 Meydan (UAE) 1600m',
      competition: 'Meydan (UAE)',
      matchDate: meydanStart,
      openDate: meydanStart,
      venueTimeZone: 'Asia/Dubai',
    });
    nowIs('2026-11-23T10:00:00.000Z');
    // A list stays short: the player's own clock.
    const row = renderRow(meydan);
    expect(row.container.querySelector('time')?.textContent).toBe('Today 23:09');
    row.unmount();

    function Header() {
      return <EventHeader event={meydan} pinned={false} onTogglePin={() => undefined} />;
    }
    const header = renderPage(Header, { path: '/' });
    expect(header.container.querySelector('time')?.textContent).toBe(
      'Today 21:39 local, 23:09 your time',
    );
    header.unmount();

    logInPlayer();
    serveApi({
      'services/app/Sport/GetScoreCard': () =>
        jsonResponse(
          okEnvelope({
            eventId: 202,
            sportId: 26,
            status: 'UPCOMING',
            summary: `Starts ${meydanStart}`,
            teams: [],
            commentary: [],
            updatedAt: '2026-11-23T09:59:30.000Z',
          }),
        ),
    });
    function Card() {
      return <ScoreCardBox eventId={202} inPlay={false} venueTimeZone="Asia/Dubai" />;
    }
    renderPage(Card, { path: '/' });
    const card = await screen.findByTestId('scorecard');
    expect(card.querySelector('.score-card__summary')?.textContent).toBe(
      'Starts Today 21:39 local, 23:09 your time',
    );
  });

  it('names tomorrow and later days in Indian formats', () => {
    nowIs('2026-11-22T10:00:00.000Z');
    const tomorrow = renderRow(RACE);
    expect(tomorrow.container.querySelector('time')?.textContent).toBe('Tomorrow 21:39');
    tomorrow.unmount();

    nowIs('2026-11-20T10:00:00.000Z');
    const later = renderRow(RACE);
    expect(later.container.querySelector('time')?.textContent).toBe('23 Nov, 21:39');
  });

  it('shows an upcoming event’s scorecard without the server’s raw timestamp', async () => {
    nowIs('2026-11-23T10:00:00.000Z');
    logInPlayer();
    serveApi({
      'services/app/Sport/GetScoreCard': () =>
        jsonResponse(
          okEnvelope({
            eventId: 201,
            sportId: 26,
            status: 'UPCOMING',
            summary: 'Starts 2026-11-23T18:35:00.000Z',
            teams: [],
            commentary: [],
            updatedAt: '2026-11-23T09:59:30.000Z',
          }),
        ),
    });
    function Card() {
      return <ScoreCardBox eventId={201} inPlay={false} />;
    }
    renderPage(Card, { path: '/' });
    const card = await screen.findByTestId('scorecard');
    expect(card.textContent).not.toMatch(ISO_INSTANT);
    expect(card.querySelector('.score-card__summary')?.textContent).toBe('Starts Tomorrow 00:05');
    expect(card.querySelector('time')?.textContent).toBe('15:29:30');
  });
});
