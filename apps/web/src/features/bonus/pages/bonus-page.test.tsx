import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { ROUTE_TITLES } from '../../../shared/routing/route-titles';
import BonusPage from './bonus-page';

/** The bonus page under its route, whose handle gives the page its heading. */
function renderBonus() {
  const router = createMemoryRouter(
    [
      {
        path: '/bonus',
        handle: { name: 'bonus', title: ROUTE_TITLES.bonus },
        Component: BonusPage,
      },
    ],
    { initialEntries: ['/bonus'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('the bonus page', () => {
  it('says plainly that bonuses are not open yet', () => {
    renderBonus();
    expect(screen.getByRole('heading', { level: 1, name: 'Bonus' })).toBeTruthy();
    expect(screen.getByText('Offers on your account and how to claim them.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Bonuses is coming soon' })).toBeTruthy();
  });

  it('reads in Hindi once the player chooses it', async () => {
    renderBonus();
    await act(() => chooseLanguage('hi'));
    expect(screen.getByRole('heading', { level: 1, name: 'बोनस' })).toBeTruthy();
    expect(screen.getByText('आपके अकाउंट पर ऑफ़र और उन्हें क्लेम करने का तरीका।')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'बोनस जल्द आ रहा है' })).toBeTruthy();
  });
});
