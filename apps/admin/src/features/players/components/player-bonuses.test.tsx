import { ROLE_PERMISSIONS } from '@backlay/contract/admin';
import type { AdminPlayerBonus } from '@backlay/contract/admin-bonuses';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildMe,
  buildPlayerDetail,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type SeenCall } from '../../../shared/test/serve-admin';
import { PlayerBonuses } from './player-bonuses';

const PLAYER = buildPlayerDetail(7);
const PLAYER_ID = PLAYER.profile.id;
const ACTIVE_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function bonus(overrides: Partial<AdminPlayerBonus> = {}): AdminPlayerBonus {
  return {
    id: ACTIVE_ID,
    campaignId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    campaignTitle: 'Welcome bonus',
    type: 'FIRST_DEPOSIT',
    product: 'BETTING',
    status: 'ACTIVE',
    amount: 800,
    wagered: 1000,
    required: 4000,
    createdAt: '2026-11-28T10:00:00.000Z',
    claimedAt: '2026-11-28T10:00:00.000Z',
    expiresAt: '2026-12-28T10:00:00.000Z',
    endedAt: null,
    settledAmount: null,
    forfeitedBy: null,
    reason: null,
    ...overrides,
  };
}

const CONVERTED = bonus({
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  campaignTitle: 'Diwali coupon',
  type: 'COUPON',
  status: 'CONVERTED',
  wagered: 4000,
  settledAmount: 800,
  endedAt: '2026-11-20T10:00:00.000Z',
});

function serveBonuses() {
  let forfeited = false;
  return serveAdmin({
    'bonuses/player': () =>
      jsonResponse(
        okEnvelope({
          playerId: PLAYER_ID,
          bonusBalance: forfeited ? 0 : 800,
          items: [
            forfeited
              ? bonus({
                  status: 'FORFEITED',
                  settledAmount: 800,
                  forfeitedBy: 'asha.owner',
                  reason: 'Two accounts, one person',
                })
              : bonus(),
            CONVERTED,
          ],
        }),
      ),
    'bonuses/player/forfeit': () => {
      forfeited = true;
      return jsonResponse(okEnvelope(bonus({ status: 'FORFEITED', settledAmount: 800 })));
    },
  });
}

const posts = (seen: SeenCall[]) =>
  seen.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]);

async function openBonuses(me = buildMe()) {
  renderPage(() => <PlayerBonuses player={PLAYER} />, {
    path: '/players/:playerId',
    url: `/players/${PLAYER_ID}`,
    me,
  });
  return screen.findByRole('table', { name: 'Player’s bonuses' });
}

afterEach(() => vi.unstubAllGlobals());

describe('a player’s bonuses in the console', () => {
  it('lists each bonus with its wagering and what became of it, and the bonus wallet', async () => {
    serveBonuses();
    const table = await openBonuses();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Welcome bonus');
    expect(rows[0]?.textContent).toContain('Active');
    expect(rows[0]?.textContent).toContain('₹1,000.00 / ₹4,000.00');
    expect(rows[1]?.textContent).toContain('Converted');
    expect(rows[1]?.textContent).toContain('₹800.00 became cash');
    const section = screen.getByRole('region', { name: 'Bonuses' });
    expect(within(section).getByText('Bonus wallet').nextElementSibling?.textContent).toBe(
      '₹800.00',
    );
    // Only a bonus still offered or being wagered can be forfeited.
    expect(within(table).getAllByRole('button', { name: /^Forfeit/ })).toHaveLength(1);
  });

  it('forfeits an active bonus only with a reason, and shows who did it and why', async () => {
    const seen = serveBonuses();
    const table = await openBonuses();
    fireEvent.click(within(table).getByRole('button', { name: 'Forfeit Welcome bonus' }));
    const dialog = screen.getByRole('dialog', { name: 'Forfeit Welcome bonus' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forfeit bonus' }));
    expect(within(dialog).getByText('Say why, in a few words')).toBeTruthy();
    expect(posts(seen)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Two accounts, one person' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forfeit bonus' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(seen)).toEqual([
      ['bonuses/player/forfeit', { bonusId: ACTIVE_ID, reason: 'Two accounts, one person' }],
    ]);
    expect(await within(table).findByText('Forfeited')).toBeTruthy();
    expect(table.textContent).toContain('asha.owner: Two accounts, one person');
  });

  it('offers no forfeit to an operator who may not manage bonuses', async () => {
    serveBonuses();
    const table = await openBonuses(
      buildMe({ role: 'support', permissions: [...ROLE_PERMISSIONS.support] }),
    );
    expect(within(table).queryByRole('button', { name: /^Forfeit/ })).toBeNull();
  });
});
