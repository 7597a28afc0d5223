import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCasinoPlayer } from '../../../shared/test/casino-fixtures';
import {
  buildMe,
  buildPlayerDetail,
  failure,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer } from '../../../shared/test/serve-admin';
import { PlayerCasino } from './player-casino';

const PLAYER = buildPlayerDetail(7);
const PLAYER_ID = PLAYER.profile.id;
const PLAYED = buildCasinoPlayer(7, {
  last30Days: { rounds: 42, stake: 12_500, win: 10_250.5, net: -2_249.5 },
});

/** Switches as the server does: the player's casino as it now is. */
const switched: Answer = (call) =>
  jsonResponse(
    okEnvelope({ ...PLAYED, casinoEnabled: (call.body as { enabled: boolean }).enabled }),
  );

function serveCasino(answer = PLAYED, setSwitch: Answer = switched) {
  return serveAdmin({
    'casino/player': () => jsonResponse(okEnvelope(answer)),
    'casino/player/switch': setSwitch,
  });
}

function Page() {
  return <PlayerCasino player={PLAYER} />;
}

async function openCasino(me = buildMe()) {
  renderPage(Page, { path: '/players/:playerId', url: `/players/${PLAYER_ID}`, me });
  const section = await screen.findByRole('region', { name: 'Casino' });
  await within(section).findByText('Rounds, last 30 days');
  return section;
}

const fact = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the player’s casino', () => {
  it('shows the switch and the last 30 days, and links to the player’s rounds', async () => {
    const seen = serveCasino();
    const section = await openCasino();

    expect(seen.map((call) => [call.path, call.query.get('playerId')])).toEqual([
      ['casino/player', PLAYER_ID],
    ]);
    expect(fact(section, 'Casino')).toBe('On');
    expect(fact(section, 'Rounds, last 30 days')).toBe('42');
    expect(fact(section, 'Staked')).toBe('₹12,500.00');
    expect(fact(section, 'Won')).toBe('₹10,250.50');
    expect(fact(section, 'Player net')).toBe('-₹2,249.50');
    const rounds = within(section).getByRole('link', { name: 'Casino rounds' });
    expect(rounds).toHaveProperty('pathname', '/casino/rounds');
    expect(rounds).toHaveProperty('search', `?playerId=${PLAYER_ID}`);
  });

  it('switches the casino off after a confirmation, and shows it off', async () => {
    const seen = serveCasino();
    const section = await openCasino();

    fireEvent.click(within(section).getByRole('button', { name: 'Switch casino off' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch the casino off' });
    expect(
      within(dialog).getByText(/player7’s casino games will neither launch nor take bets/),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    });

    expect(
      seen.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]),
    ).toEqual([['casino/player/switch', { playerId: PLAYER_ID, enabled: false }]]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fact(section, 'Casino')).toBe('Off');
    expect(within(section).getByRole('button', { name: 'Switch casino on' })).toBeTruthy();
  });

  it('sends nothing when the confirmation is cancelled, and keeps a refusal in the dialog', async () => {
    const seen = serveCasino(PLAYED, () =>
      failure('FORBIDDEN', 'This player is on a brand you do not cover.', 403),
    );
    const section = await openCasino();

    fireEvent.click(within(section).getByRole('button', { name: 'Switch casino off' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(seen.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.click(within(section).getByRole('button', { name: 'Switch casino off' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Switch off' }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Switch the casino off' });
    expect(within(dialog).getByText('You do not have permission to do this.')).toBeTruthy();
    expect(fact(section, 'Casino')).toBe('On');
  });

  it('offers neither the switch nor the rounds to a role that allows neither', async () => {
    serveCasino(buildCasinoPlayer(7, { casinoEnabled: false }));
    const section = await openCasino(
      buildMe({ role: 'trader', permissions: ['players.read', 'players.limits'] }),
    );
    expect(fact(section, 'Casino')).toBe('Off');
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByRole('link')).toBeNull();
  });
});
