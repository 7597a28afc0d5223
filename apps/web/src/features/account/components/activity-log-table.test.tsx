import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { failedEnvelope, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { ActivityLogTable } from './activity-log-table';

const HERE = '203.0.113.20';
const KINDS = ['LOGIN_FAILED', 'PASSWORD_CHANGED', 'LIMITS_CHANGED', 'LOGIN'];

/** `total` entries, newest first: the kinds in turn, every other one from this device's address. */
function entries(total: number, skip: number, take: number) {
  return {
    totalCount: total,
    items: Array.from({ length: Math.max(0, Math.min(take, total - skip)) }, (_, i) => ({
      time: new Date(Date.UTC(2026, 0, 1, 12) - (skip + i) * 60_000).toISOString(),
      activity: KINDS[(skip + i) % KINDS.length] ?? 'LOGIN',
      ip: (skip + i) % 2 === 0 ? '192.0.2.66' : HERE,
      browser: 'Mozilla/5.0 TestPhone',
    })),
  };
}

function answers(log: (request: SeenRequest) => Response = logPages(13)) {
  return serveApi({
    'Account/GetActivityLog': log,
    'Account/GetClientIp': () => jsonResponse(okEnvelope({ ip: HERE })),
  });
}

function logPages(total: number) {
  return ({ url }: SeenRequest) =>
    jsonResponse(
      okEnvelope(
        entries(
          total,
          Number(url.searchParams.get('SkipCount')),
          Number(url.searchParams.get('MaxResultCount')),
        ),
      ),
    );
}

const rows = async () => {
  const table = await screen.findByTestId('activity-log');
  return within(table).getAllByRole('row').slice(1);
};
/** The table's `index`th entry (0-based). */
const row = async (index: number) => {
  const found = (await rows())[index];
  if (!found) throw new Error(`no row ${index}`);
  return found;
};

beforeEach(() => logInPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the account activity section', () => {
  it('lists what happened newest first, marks this device’s address, and pages', async () => {
    const seen = answers();
    renderPage(ActivityLogTable, { path: '/change-password' });
    expect(await screen.findByText(`Your address now: ${HERE}`)).toBeTruthy();
    await waitFor(async () => expect(await rows()).toHaveLength(10));
    const first = await row(0);
    expect(within(first).getByText('Failed login')).toBeTruthy();
    expect(first.textContent).toContain('192.0.2.66');
    expect(within(first).queryByText('you now')).toBeNull();
    const second = await row(1);
    expect(within(second).getByText('Password changed')).toBeTruthy();
    expect(within(second).getByText('you now')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(async () => expect(await rows()).toHaveLength(3));
    const asked = seen
      .filter((r) => r.url.pathname === '/api/Account/GetActivityLog')
      .map((r) => [r.url.searchParams.get('SkipCount'), r.url.searchParams.get('MaxResultCount')]);
    expect(asked).toEqual([
      ['0', '10'],
      ['10', '10'],
    ]);
  });

  it('shows a kind of activity it does not know as the server names it', async () => {
    answers(() =>
      jsonResponse(
        okEnvelope({
          totalCount: 1,
          items: [
            {
              time: '2026-01-01T12:00:00.000Z',
              activity: 'SOMETHING_NEW',
              ip: HERE,
              browser: 'b',
            },
          ],
        }),
      ),
    );
    renderPage(ActivityLogTable, { path: '/change-password' });
    expect(await screen.findByText('SOMETHING_NEW')).toBeTruthy();
  });

  it('says when there is nothing yet, and shows a failure as the server said it', async () => {
    answers(logPages(0));
    const { unmount } = renderPage(ActivityLogTable, { path: '/change-password' });
    expect(await screen.findByText('No account activity yet.')).toBeTruthy();
    unmount();

    answers(() => jsonResponse(failedEnvelope('The log is resting.', 'INTERNAL'), 500));
    renderPage(ActivityLogTable, { path: '/change-password' });
    expect((await screen.findByRole('alert')).textContent).toBe('The log is resting.');
  });

  it('speaks Hindi', async () => {
    answers();
    renderPage(ActivityLogTable, { path: '/change-password' });
    await act(() => chooseLanguage('hi'));
    expect(await screen.findByRole('heading', { name: 'अकाउंट गतिविधि' })).toBeTruthy();
    expect(within(await row(0)).getByText('असफल लॉगिन')).toBeTruthy();
  });
});
