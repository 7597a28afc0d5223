import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { ROUTE_TITLES, type TitledRouteName } from '../../../shared/routing/route-titles';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import CasinoPage from './casino-page';
import LobbyPage from './lobby-page';
import LobbySectionPage from './lobby-section-page';

/** A casino page under its route, whose handle gives the page its heading. */
function renderRoute(Page: ComponentType, name: TitledRouteName, path: string, url = path) {
  const router = createMemoryRouter(
    [{ path, handle: { name, title: ROUTE_TITLES[name] }, Component: Page }],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}

describe('the casino pages', () => {
  it('say plainly that the casino is not open yet', () => {
    renderRoute(CasinoPage, 'casino', '/casino');
    expect(screen.getByRole('heading', { level: 1, name: 'Casino' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'The casino is coming soon' })).toBeTruthy();
  });

  it('read in Hindi once the player chooses it', async () => {
    renderRoute(CasinoPage, 'casino', '/casino');
    await act(() => chooseLanguage('hi'));
    expect(screen.getByRole('heading', { level: 1, name: 'कसीनो' })).toBeTruthy();
    expect(screen.getByText('लाइव टेबल, स्लॉट और क्रैश गेम।')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'कसीनो जल्द आ रहा है' })).toBeTruthy();
  });

  it('name a lobby section in Hindi', async () => {
    renderRoute(LobbySectionPage, 'lobby-page', '/lobby-page/:section', '/lobby-page/Evolution');
    expect(screen.getByText('Section: Evolution')).toBeTruthy();
    await act(() => chooseLanguage('hi'));
    expect(screen.getByRole('heading', { level: 1, name: 'कसीनो लॉबी' })).toBeTruthy();
    expect(screen.getByText('सेक्शन: Evolution')).toBeTruthy();
  });

  it('open the launched game in the lobby, its frame named in the player’s language', async () => {
    localStorage.setItem(STORAGE_KEYS.lobbyUrl, 'https://games.example/launch?token=t1');
    renderRoute(LobbyPage, 'lobby', '/lobby');
    expect(screen.getByTitle('Casino game').getAttribute('src')).toBe(
      'https://games.example/launch?token=t1',
    );
    await act(() => chooseLanguage('hi'));
    expect(screen.getByTitle('कसीनो गेम')).toBeTruthy();
  });
});
