import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin } from '../../../shared/test/serve-admin';
import type { BrandSummary } from '../api/brands';
import BrandsPage from './brands-page';

function summary(domain: string, overrides: Partial<BrandSummary> = {}): BrandSummary {
  return {
    domain,
    title: domain.split('.')[0] ?? domain,
    theme: null,
    aliases: [],
    suspended: false,
    mainLogo: `/cdn/assets/${domain}/logo.svg`,
    version: 1,
    updatedAt: '2026-04-01T10:00:00.000Z',
    updatedBy: null,
    ...overrides,
  };
}

const BRANDS = [
  summary('gold365.bet', {
    title: 'Gold 365',
    theme: 'gold365',
    aliases: ['gold365.club', 'gold365.win'],
    version: 4,
    updatedBy: 'asha.owner',
  }),
  summary('closedbook.in', { title: 'Closed Book', suspended: true }),
];

function serveBrands() {
  return serveAdmin({ brands: () => jsonResponse(okEnvelope({ brands: BRANDS })) });
}

const rowOf = (name: string) =>
  within(screen.getByRole('table', { name: 'Brands' }))
    .getByRole('link', { name })
    .closest('tr') as HTMLElement;

describe('the brands page', () => {
  it('lists each brand with its logo, hosts, theme, status and last change', async () => {
    serveBrands();
    renderPage(BrandsPage, { path: '/brands' });
    await screen.findByRole('link', { name: 'Gold 365' });

    const gold = rowOf('Gold 365');
    expect(within(gold).getByRole('img', { name: 'Gold 365 logo' }).getAttribute('src')).toBe(
      '/cdn/assets/gold365.bet/logo.svg',
    );
    expect(gold.textContent).toContain('gold365.club, gold365.win');
    expect(gold.textContent).toContain('asha.owner');
    expect(within(gold).getByText('Live')).toBeTruthy();

    const closed = rowOf('Closed Book');
    expect(within(closed).getByText('Suspended')).toBeTruthy();
    expect(closed.textContent).toContain('None');
    expect(closed.textContent).toContain('config seed');
  });

  it('opens a brand from its row, and offers a new brand and the betting defaults', async () => {
    serveBrands();
    renderPage(BrandsPage, { path: '/brands' });
    await screen.findByRole('link', { name: 'Gold 365' });
    expect(screen.getByRole('link', { name: 'New brand' })).toHaveProperty(
      'pathname',
      '/brands/new',
    );
    expect(screen.getByRole('link', { name: 'Betting defaults' })).toHaveProperty(
      'pathname',
      '/brands/betting-defaults',
    );
    await act(async () => {
      fireEvent.click(within(rowOf('Closed Book')).getByText('closedbook.in'));
    });
    expect((await screen.findByTestId('landed')).textContent).toBe('/brands/closedbook.in');
  });
});
