import { ROLE_PERMISSIONS } from '@backlay/contract/admin';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCasinoProvider } from '../../../shared/test/casino-fixtures';
import { buildMe, failure, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer, type SeenCall } from '../../../shared/test/serve-admin';
import CasinoProvidersPage from './casino-providers-page';

const DREAM = buildCasinoProvider('dream');
const MAC = buildCasinoProvider('mac', {
  baseUrl: 'https://games.mac.example/',
  gameUrl: 'https://games.mac.example/',
  secretSource: 'environment',
  frameOrigins: ['https://games.mac.example'],
  version: 3,
});

/** Saves as the server does: the next version, launches going where the edit says. */
const saved: Answer = (call) => {
  const body = call.body as { code: string; version: number; baseUrl: string | null };
  const before = body.code === 'mac' ? MAC : DREAM;
  return jsonResponse(
    okEnvelope({
      ...before,
      ...body,
      gameUrl: body.baseUrl ?? `/games/${body.code}/`,
      version: body.version + 1,
    }),
  );
};

function serveProviders({ save = saved, reads = [[DREAM, MAC]] } = {}) {
  let read = 0;
  return serveAdmin({
    'casino/providers': () =>
      jsonResponse(okEnvelope({ items: reads[Math.min(read++, reads.length - 1)] })),
    'casino/providers/update': save,
    'casino/providers/secret': (call) =>
      jsonResponse(
        okEnvelope({
          code: (call.body as { code: string }).code,
          secret: 's3cr3t-of-dream-0123456789abcdef0123',
          source: 'database',
        }),
      ),
  });
}

const posts = (seen: SeenCall[]) =>
  seen.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]);

async function openProviders(me = buildMe()) {
  renderPage(CasinoProvidersPage, { path: '/casino/providers', me });
  return screen.findByRole('region', { name: 'Dream' });
}

const type = (within_: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(within_).getByLabelText(label), { target: { value } });

const fact = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the casino providers, for an owner', () => {
  it('saves a change only once it is confirmed, showing what it changes', async () => {
    const seen = serveProviders();
    const dream = await openProviders();
    const form = within(dream).getByRole('form', { name: 'Dream settings' });
    type(form, 'Games on test hosts', 'https://staging.dream.example/games/');
    type(form, 'Operator id', 'backlay-in');
    fireEvent.click(within(form).getByRole('switch', { name: 'Launches enabled' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save provider' }));

    const dialog = screen.getByRole('dialog', { name: 'Change Dream' });
    const changes = within(dialog).getByRole('table', { name: 'Changes' });
    expect(
      within(changes)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Games (test hosts)The built-in test providerhttps://staging.dream.example/games/',
      'Operator idbacklaybacklay-in',
      'LaunchesEnabledDisabled',
    ]);
    expect(posts(seen)).toEqual([]);
    // Switching a provider off is drawn as the danger it is.
    const confirm = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(confirm.className).toContain('button--danger');
    await act(async () => {
      fireEvent.click(confirm);
    });

    expect(posts(seen)).toEqual([
      [
        'casino/providers/update',
        {
          code: 'dream',
          version: 1,
          name: 'Dream',
          baseUrl: null,
          testBaseUrl: 'https://staging.dream.example/games/',
          operatorId: 'backlay-in',
          enabled: false,
        },
      ],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(dream).getByText('Saved as version 2.')).toBeTruthy();
    expect(within(dream).getByText('Disabled')).toBeTruthy();
    expect(fact(dream, 'Version')).toMatch(/^2 · /);
  });

  it('sends nothing when the change is cancelled, or when nothing changed', async () => {
    const seen = serveProviders();
    const dream = await openProviders();
    const form = within(dream).getByRole('form', { name: 'Dream settings' });
    type(form, 'Name', 'Dream Gaming');
    fireEvent.click(within(form).getByRole('button', { name: 'Save provider' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    type(form, 'Name', ' Dream ');
    fireEvent.click(within(form).getByRole('button', { name: 'Save provider' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(form).getByText('Nothing to save: the settings are as they were.')).toBeTruthy();
    expect(posts(seen)).toEqual([]);
  });

  it('says what is wrong with an address in the contract’s words, and asks nothing', async () => {
    const seen = serveProviders();
    const dream = await openProviders();
    const form = within(dream).getByRole('form', { name: 'Dream settings' });
    const field = within(form).getByLabelText('Games on live hosts');
    fireEvent.change(field, { target: { value: 'https://games.dream.example/lobby?x=1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save provider' }));

    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'A path such as /games/dream/ or an https:// URL, ending in /',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(seen)).toEqual([]);
  });

  it('says someone saved first on a CONFLICT, and starts again from their version', async () => {
    const theirs = { ...DREAM, operatorId: 'theirs', version: 2 };
    const seen = serveProviders({
      save: () => failure('CONFLICT', 'Someone changed this provider.', 409),
      reads: [
        [DREAM, MAC],
        [theirs, MAC],
      ],
    });
    const dream = await openProviders();
    const form = within(dream).getByRole('form', { name: 'Dream settings' });
    type(form, 'Operator id', 'mine');
    fireEvent.click(within(form).getByRole('button', { name: 'Save provider' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(
      within(form).getByText(
        'Someone else changed the provider Dream; reload to see their version.',
      ),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Reload' }));
    });
    expect(within(form).getByLabelText('Operator id')).toHaveProperty('value', 'theirs');

    type(form, 'Operator id', 'mine');
    fireEvent.click(within(form).getByRole('button', { name: 'Save provider' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(
      seen
        .filter((call) => call.path === 'casino/providers/update')
        .map((call) => (call.body as { version: number }).version),
    ).toEqual([1, 2]);
  });

  it('shows a signing secret only once the reading is confirmed, and forgets it after', async () => {
    const seen = serveProviders();
    const dream = await openProviders();
    fireEvent.click(within(dream).getByRole('button', { name: 'Show signing secret' }));
    const ask = screen.getByRole('dialog', { name: 'Dream’s signing secret' });
    expect(within(ask).getByText(/kept in the audit log with your name/)).toBeTruthy();
    expect(posts(seen)).toEqual([]);
    await act(async () => {
      fireEvent.click(within(ask).getByRole('button', { name: 'Show the secret' }));
    });

    expect(posts(seen)).toEqual([['casino/providers/secret', { code: 'dream' }]]);
    const shown = screen.getByRole('dialog', { name: 'Dream’s signing secret' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveProperty(
      'value',
      's3cr3t-of-dream-0123456789abcdef0123',
    );
    expect(within(shown).getByText(/set CASINO_DREAM_SECRET on the server/)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByDisplayValue('s3cr3t-of-dream-0123456789abcdef0123')).toBeNull();
  });

  it('shows where each provider’s launches go now and where its secret comes from', async () => {
    serveProviders();
    await openProviders();
    const mac = screen.getByRole('region', { name: 'Mac' });
    expect(fact(mac, 'Launches go to (live)')).toBe('https://games.mac.example/');
    expect(fact(mac, 'Launches go to (test)')).toBe('/games/test/');
    expect(fact(mac, 'Signing secret')).toBe(
      'Set by CASINO_MAC_SECRET on the serverShow signing secret',
    );
    expect(fact(mac, 'Frames from')).toBe('https://games.mac.example');
    expect(within(mac).getByLabelText('Games on live hosts')).toHaveProperty(
      'value',
      'https://games.mac.example/',
    );
  });
});

describe('the casino providers, for a role that reads them', () => {
  it('shows the settings, with no form and no secret', async () => {
    const seen = serveProviders();
    const dream = await openProviders(
      buildMe({ role: 'finance', permissions: [...ROLE_PERMISSIONS.finance] }),
    );
    expect(fact(dream, 'Games on live hosts')).toBe('The built-in studio');
    expect(fact(dream, 'Games on test hosts')).toBe('The built-in test provider');
    expect(fact(dream, 'Operator id')).toBe('backlay');
    expect(fact(dream, 'Signing secret')).toBe('Generated once and kept in the database');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show signing secret' })).toBeNull();
    expect(
      screen.getByText('A provider serves every brand. Only an owner changes providers.'),
    ).toBeTruthy();
    expect(seen.map((call) => call.path)).toEqual(['casino/providers']);
  });
});
