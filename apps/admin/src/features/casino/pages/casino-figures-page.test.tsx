import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCasinoFigure, buildCasinoFigures } from '../../../shared/test/casino-fixtures';
import { drawnCharts } from '../../../shared/test/fake-uplot';
import { buildMe, failure, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin } from '../../../shared/test/serve-admin';
import CasinoFiguresPage from './casino-figures-page';

vi.mock('uplot', () => import('../../../shared/test/fake-uplot'));

const FIGURES = buildCasinoFigures({
  since: '2026-04-29',
  totals: buildCasinoFigure({
    rounds: 1234,
    players: 56,
    turnover: 2_00_000.5,
    wins: 1_90_000.25,
    ggr: 10_000.25,
  }),
  days: [
    {
      day: '2026-04-29',
      ...buildCasinoFigure({
        rounds: 1000,
        players: 40,
        turnover: 1_50_000,
        wins: 1_45_000,
        ggr: 5_000,
      }),
    },
    // A quiet day: zero, as the server says.
    { day: '2026-04-30', ...buildCasinoFigure() },
    {
      day: '2026-05-01',
      ...buildCasinoFigure({
        rounds: 234,
        players: 20,
        turnover: 50_000.5,
        wins: 45_000.25,
        ggr: 5_000.25,
      }),
    },
  ],
  games: [
    {
      gameCode: 'mac_teen_patti',
      name: 'Teen Patti Royale',
      provider: 'mac',
      ...buildCasinoFigure({
        rounds: 900,
        players: 30,
        turnover: 1_20_000,
        wins: 1_26_000,
        ggr: -6_000,
      }),
    },
    {
      gameCode: 'sbe_aviator',
      name: 'Sky Ace',
      provider: 'mac',
      ...buildCasinoFigure({
        rounds: 334,
        players: 40,
        turnover: 80_000.5,
        wins: 64_000.25,
        ggr: 16_000.25,
      }),
    },
  ],
  providers: [
    {
      provider: 'mac',
      name: 'Mac',
      ...buildCasinoFigure({
        rounds: 1234,
        players: 56,
        turnover: 2_00_000.5,
        wins: 1_90_000.25,
        ggr: 10_000.25,
      }),
    },
  ],
  byBrand: [
    {
      brand: 'gold365.bet',
      ...buildCasinoFigure({
        rounds: 1200,
        players: 50,
        turnover: 1_90_000,
        wins: 1_80_000,
        ggr: 10_000,
      }),
    },
    {
      brand: '99exch.com',
      ...buildCasinoFigure({
        rounds: 34,
        players: 6,
        turnover: 10_000.5,
        wins: 10_000.25,
        ggr: 0.25,
      }),
    },
  ],
});

/** The figure of a tile, by its label. */
function tile(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

/** A grid's rows as text, one array of cells a row, the header row left out. */
function rows(name: string) {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

async function openFigures(url = '/casino/figures', me = buildMe()) {
  const view = renderPage(CasinoFiguresPage, { path: '/casino/figures', url, me });
  await screen.findByText('Rounds', { selector: 'dt' });
  return view;
}

describe('the casino figures', () => {
  beforeEach(() => {
    drawnCharts.length = 0;
  });

  it('shows the period’s totals with the hold, as the server counted them', async () => {
    const seen = serveAdmin({ 'casino/figures': () => jsonResponse(okEnvelope(FIGURES)) });
    await openFigures();

    expect(seen.map((call) => [call.path, Object.fromEntries(call.query)])).toEqual([
      ['casino/figures', { days: '14' }],
    ]);
    expect(screen.getByRole('heading', { name: 'Last 3 days (UTC), real money' })).toBeTruthy();
    expect(tile('Rounds')).toBe('1,234');
    expect(screen.getByText('By 56 players')).toBeTruthy();
    expect(tile('Turnover')).toBe('₹2,00,000.50');
    expect(tile('Wins')).toBe('₹1,90,000.25');
    expect(tile('GGR')).toBe('₹10,000.25');
    // 10,000.25 of 2,00,000.50 staked.
    expect(screen.getByText('Turnover less wins; hold 5.0%')).toBeTruthy();
    expect(screen.getByText('Since 2026-04-29 (UTC)')).toBeTruthy();
  });

  it('charts every day the server sent, the quiet one at zero', async () => {
    serveAdmin({ 'casino/figures': () => jsonResponse(okEnvelope(FIGURES)) });
    await openFigures();

    const [, turnover, wins, ggr] = drawnCharts[0]?.data ?? [];
    expect(turnover).toEqual([1_50_000, 0, 50_000.5]);
    expect(wins).toEqual([1_45_000, 0, 45_000.25]);
    expect(ggr).toEqual([5_000, 0, 5_000.25]);
    const [, rounds, players] = drawnCharts[1]?.data ?? [];
    expect(rounds).toEqual([1000, 0, 234]);
    expect(players).toEqual([40, 0, 20]);
    const money = screen.getByRole('table', { name: 'Casino turnover, wins and GGR by day' });
    expect(
      within(within(money).getByRole('row', { name: /30 Apr/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['₹0.00', '₹0.00', '₹0.00']);
  });

  it('tabulates the figures by game, provider, brand and day, a game leading to its rounds', async () => {
    serveAdmin({ 'casino/figures': () => jsonResponse(okEnvelope(FIGURES)) });
    await openFigures('/casino/figures?brand=gold365.bet');

    expect(rows('Figures by game')).toEqual([
      [
        'Teen Patti Royalemac_teen_patti',
        'mac',
        '900',
        '30',
        '₹1,20,000.00',
        '₹1,26,000.00',
        '-₹6,000.00',
        '-5.0%',
      ],
      ['Sky Acesbe_aviator', 'mac', '334', '40', '₹80,000.50', '₹64,000.25', '₹16,000.25', '20.0%'],
    ]);
    expect(screen.getByRole('link', { name: 'Teen Patti Royale' })).toHaveProperty(
      'search',
      '?gameCode=mac_teen_patti&brand=gold365.bet',
    );

    fireEvent.click(screen.getByRole('tab', { name: 'By provider' }));
    expect(rows('Figures by provider')).toEqual([
      ['Mac', '1,234', '56', '₹2,00,000.50', '₹1,90,000.25', '₹10,000.25', '5.0%'],
    ]);
    expect(screen.getByRole('link', { name: 'Mac' })).toHaveProperty(
      'search',
      '?provider=mac&brand=gold365.bet',
    );

    fireEvent.click(screen.getByRole('tab', { name: 'By brand' }));
    expect(rows('Figures by brand').map((row) => row[0])).toEqual(['gold365.bet', '99exch.com']);
    expect(screen.getByRole('link', { name: '99exch.com' })).toHaveProperty(
      'search',
      '?brand=99exch.com&days=14',
    );

    // Newest day first; a day without stakes has no hold.
    fireEvent.click(screen.getByRole('tab', { name: 'By day' }));
    expect(rows('Figures by day')).toEqual([
      ['01 May', '234', '20', '₹50,000.50', '₹45,000.25', '₹5,000.25', '10.0%'],
      ['30 Apr', '0', '0', '₹0.00', '₹0.00', '₹0.00', '—'],
      ['29 Apr', '1,000', '40', '₹1,50,000.00', '₹1,45,000.00', '₹5,000.00', '3.3%'],
    ]);
  });

  it('asks for the brand and the period chosen, keeping them in the address', async () => {
    const seen = serveAdmin({ 'casino/figures': () => jsonResponse(okEnvelope(FIGURES)) });
    const { router } = await openFigures(
      '/casino/figures',
      buildMe({ role: 'finance', brands: ['gold365.bet', '99exch.com'] }),
    );

    const brand = screen.getByLabelText('Brand');
    expect(
      within(brand)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All brands', '99exch.com', 'gold365.bet']);
    await act(async () => {
      fireEvent.change(brand, { target: { value: 'gold365.bet' } });
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Period'), { target: { value: '90' } });
    });
    await vi.waitFor(() => expect(seen).toHaveLength(3));

    expect(seen.map((call) => Object.fromEntries(call.query))).toEqual([
      { days: '14' },
      { brand: 'gold365.bet', days: '14' },
      { brand: 'gold365.bet', days: '90' },
    ]);
    expect(router.state.location.search).toBe('?brand=gold365.bet&days=90');
    expect(screen.getByRole('link', { name: 'Rounds' })).toHaveProperty(
      'search',
      '?brand=gold365.bet',
    );
  });

  it('says a refusal of the operator’s role in the console’s words, and shows no figure', async () => {
    serveAdmin({
      'casino/figures': () => failure('FORBIDDEN', 'Your role may not do this.', 403),
    });
    renderPage(CasinoFiguresPage, { path: '/casino/figures' });
    expect(await screen.findByText('You do not have permission to do this.')).toBeTruthy();
    expect(screen.queryByText('Rounds', { selector: 'dt' })).toBeNull();
  });
});
