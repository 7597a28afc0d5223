import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildCasinoCatalogue, buildCatalogueGame } from '../../../shared/test/casino-fixtures';
import { buildMe, failure, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer, type SeenCall } from '../../../shared/test/serve-admin';
import CasinoCataloguePage from './casino-catalogue-page';

const CATALOGUE = buildCasinoCatalogue({
  games: [
    buildCatalogueGame(1, { name: 'Sky Ace', category: 'crash' }),
    buildCatalogueGame(2, { name: 'Teen Patti Royale', category: 'cards' }),
    buildCatalogueGame(3, { name: 'Fruit Mela', enabled: false }),
  ],
});

/** Saves as the server does: the games in the order sent, the next version. */
const saved: Answer = (call) => {
  const body = call.body as {
    version: number;
    casinoEnabled: boolean;
    games: { gameCode: string; enabled: boolean }[];
  };
  const byCode = new Map(CATALOGUE.games.map((game) => [game.gameCode, game]));
  return jsonResponse(
    okEnvelope({
      ...CATALOGUE,
      casinoEnabled: body.casinoEnabled,
      version: body.version + 1,
      games: body.games.map((game) => ({ ...byCode.get(game.gameCode), enabled: game.enabled })),
    }),
  );
};

function serveCatalogue({ save = saved, reads = [CATALOGUE] } = {}) {
  let read = 0;
  return serveAdmin({
    'casino/catalogue': (call) =>
      jsonResponse(
        okEnvelope({
          ...reads[Math.min(read++, reads.length - 1)],
          brand: call.query.get('brand'),
        }),
      ),
    'casino/catalogue/update': save,
  });
}

const saves = (seen: SeenCall[]) =>
  seen.filter((call) => call.method === 'POST').map((call) => call.body);

async function openCatalogue(url = '/casino/catalogue?brand=gold365.bet', me = buildMe()) {
  const view = renderPage(CasinoCataloguePage, { path: '/casino/catalogue', url, me });
  const form = await screen.findByRole('form', { name: 'Casino catalogue' });
  return { ...view, form };
}

/** The games as the list shows them: place and name, and whether each is offered. */
function listed(form: HTMLElement) {
  const list = within(form).getByRole('list', { name: 'Games in the lobby’s order' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => {
      const name = item.querySelector('.catalogue-game__name')?.textContent;
      const offered = (within(item).getByRole('switch') as HTMLInputElement).checked;
      return `${name}${offered ? '' : ' (off)'}`;
    });
}

async function saveAndConfirm(form: HTMLElement) {
  fireEvent.click(within(form).getByRole('button', { name: 'Save catalogue' }));
  const dialog = screen.getByRole('dialog');
  return {
    dialog,
    confirm: async () => {
      await act(async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      });
    },
  };
}

describe('a brand’s casino catalogue', () => {
  it('lists the brand’s games in the lobby’s order, with how many are offered', async () => {
    const seen = serveCatalogue();
    const { form } = await openCatalogue();

    expect(seen.map((call) => [call.path, call.query.get('brand')])).toEqual([
      ['casino/catalogue', 'gold365.bet'],
    ]);
    expect(listed(form)).toEqual(['Sky Ace', 'Teen Patti Royale', 'Fruit Mela (off)']);
    expect(within(form).getByText(/^2 of 3 games offered/)).toBeTruthy();
    expect(within(form).getByRole('switch', { name: 'Casino open on this brand' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(form).getByRole('button', { name: 'Move Sky Ace up' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(form).getByRole('button', { name: 'Move Fruit Mela down' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('reorders and offers games, and saves every game in the new order once confirmed', async () => {
    const seen = serveCatalogue();
    const { form } = await openCatalogue();
    fireEvent.click(within(form).getByRole('button', { name: 'Move Fruit Mela up' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Move Fruit Mela up' }));
    // The moved game's button keeps the focus, or the other one once it reaches the top.
    expect(document.activeElement).toBe(
      within(form).getByRole('button', { name: 'Move Fruit Mela down' }),
    );
    fireEvent.click(within(form).getByRole('switch', { name: 'Offered: Fruit Mela' }));
    fireEvent.click(within(form).getByRole('switch', { name: 'Offered: Teen Patti Royale' }));
    expect(listed(form)).toEqual(['Fruit Mela', 'Sky Ace', 'Teen Patti Royale (off)']);

    const { dialog, confirm } = await saveAndConfirm(form);
    expect(
      within(dialog).getByRole('heading', { name: 'Change the casino of gold365.bet' }),
    ).toBeTruthy();
    expect(within(dialog).getByText('Offered from now on: Fruit Mela.')).toBeTruthy();
    expect(within(dialog).getByText('No longer offered: Teen Patti Royale.')).toBeTruthy();
    expect(
      within(within(dialog).getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fruit Mela', 'Sky Ace', 'Teen Patti Royale (not offered)']);
    expect(saves(seen)).toEqual([]);
    await confirm();

    expect(saves(seen)).toEqual([
      {
        brand: 'gold365.bet',
        version: 5,
        casinoEnabled: true,
        games: [
          { gameCode: 'mac_game_3', enabled: true },
          { gameCode: 'mac_game_1', enabled: true },
          { gameCode: 'mac_game_2', enabled: false },
        ],
      },
    ]);
    expect(await within(form).findByText('Saved as version 6.')).toBeTruthy();
    expect(listed(form)).toEqual(['Fruit Mela', 'Sky Ace', 'Teen Patti Royale (off)']);
  });

  it('closes the brand’s casino as the danger it is', async () => {
    const seen = serveCatalogue();
    const { form } = await openCatalogue();
    fireEvent.click(within(form).getByRole('switch', { name: 'Casino open on this brand' }));
    const { dialog, confirm } = await saveAndConfirm(form);
    expect(
      within(dialog).getByText(
        'The casino of gold365.bet closes: none of its games launches or takes a bet.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('list')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save changes' }).className).toContain(
      'button--danger',
    );
    await confirm();
    expect(saves(seen)).toEqual([
      {
        brand: 'gold365.bet',
        version: 5,
        casinoEnabled: false,
        games: CATALOGUE.games.map((game) => ({ gameCode: game.gameCode, enabled: game.enabled })),
      },
    ]);
  });

  it('sends nothing when nothing changed, or the change is cancelled', async () => {
    const seen = serveCatalogue();
    const { form } = await openCatalogue();
    fireEvent.click(within(form).getByRole('button', { name: 'Move Sky Ace down' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Move Sky Ace up' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save catalogue' }));
    expect(within(form).getByText('Nothing to save: the catalogue is as it was.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Move Sky Ace down' }));
    const { dialog } = await saveAndConfirm(form);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saves(seen)).toEqual([]);
  });

  it('says someone saved first on a CONFLICT, and starts again from their version', async () => {
    const theirs = buildCasinoCatalogue({
      version: 6,
      games: [...CATALOGUE.games].reverse(),
    });
    const seen = serveCatalogue({
      save: () => failure('CONFLICT', 'Someone changed this brand’s casino.', 409),
      reads: [CATALOGUE, theirs],
    });
    const { form } = await openCatalogue();
    fireEvent.click(within(form).getByRole('button', { name: 'Move Sky Ace down' }));
    const { confirm } = await saveAndConfirm(form);
    await confirm();
    expect(
      within(form).getByText(
        'Someone else changed the casino of gold365.bet; reload to see their version.',
      ),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Reload' }));
    });
    expect(listed(form)).toEqual(['Fruit Mela (off)', 'Teen Patti Royale', 'Sky Ace']);
    expect(within(form).getByText('Version 6')).toBeTruthy();
    expect(saves(seen)).toHaveLength(1);
  });

  it('reads the brand of the address, or the first the operator covers', async () => {
    const seen = serveCatalogue();
    const { router } = await openCatalogue(
      '/casino/catalogue',
      buildMe({ role: 'brand_admin', brands: ['gold365.bet', '99exch.com'] }),
    );
    expect(seen[0]?.query.get('brand')).toBe('99exch.com');
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Brand' }), {
        target: { value: 'gold365.bet' },
      });
    });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]?.query.get('brand')).toBe('gold365.bet');
    expect(router.state.location.search).toBe('?brand=gold365.bet');
  });
});
