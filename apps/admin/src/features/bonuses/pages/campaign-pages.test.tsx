import { ROLE_PERMISSIONS } from '@backlay/contract/admin';
import { CAMPAIGN_RULE_BREACHES } from '@backlay/contract/bonuses';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, failedEnvelope, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer, type SeenCall } from '../../../shared/test/serve-admin';
import { buildCampaign, buildFigures, CAMPAIGN_ID } from '../test/campaign-fixtures';
import CampaignPage from './campaign-page';
import CampaignsPage from './campaigns-page';
import NewCampaignPage from './new-campaign-page';

afterEach(() => vi.unstubAllGlobals());

const posts = (seen: SeenCall[], path: string) =>
  seen.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Saves as the server does: a new campaign with its id, its brand and version 0. */
const created: Answer = (call) =>
  jsonResponse(okEnvelope(buildCampaign({ ...(call.body as object), version: 0, claims: 0 })));

describe('the campaigns list', () => {
  it('lists each campaign with where it stands, its bonus and wagering, and opens it', async () => {
    const seen = serveAdmin({
      'bonuses/campaigns': () =>
        jsonResponse(
          okEnvelope({
            items: [
              buildCampaign(),
              buildCampaign({
                id: '8b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
                title: 'Casino Friday',
                type: 'COUPON',
                amountKind: 'FIXED',
                amount: 500,
                percent: null,
                maxAmount: null,
                product: 'CASINO',
                betting: null,
                casino: { categories: [{ category: 'slots', percent: 100 }] },
                status: 'PAUSED',
                state: 'PAUSED',
                claims: 1,
              }),
            ],
          }),
        ),
    });
    renderPage(CampaignsPage, { path: '/bonuses', url: '/bonuses?brand=99exch.com' });

    const table = await screen.findByRole('table', { name: 'Bonus campaigns' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent)),
    ).toEqual([
      [
        'Welcome bonus',
        'Running',
        '99exch.com',
        'First deposit',
        '100% up to ₹5,000.00',
        '5× on betting',
        '42',
        'No end',
      ],
      ['Casino Friday', 'Paused', '99exch.com', 'Coupon', '₹500.00', '5× on casino', '1', 'No end'],
    ]);
    expect(seen[0]?.query.get('brand')).toBe('99exch.com');
    expect(within(table).getByRole('link', { name: 'Welcome bonus' }).getAttribute('href')).toBe(
      `/bonuses/${CAMPAIGN_ID}`,
    );
    expect(screen.getByRole('link', { name: 'New campaign' }).getAttribute('href')).toBe(
      '/bonuses/new?brand=99exch.com',
    );
  });

  it('offers no new campaign to an operator who may only read them', async () => {
    serveAdmin({ 'bonuses/campaigns': () => jsonResponse(okEnvelope({ items: [] })) });
    renderPage(CampaignsPage, {
      path: '/bonuses',
      me: buildMe({ role: 'support', permissions: [...ROLE_PERMISSIONS.support] }),
    });
    expect(await screen.findByText('No bonus campaign yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New campaign' })).toBeNull();
  });
});

describe('the new campaign editor', () => {
  async function openEditor() {
    renderPage(NewCampaignPage, { path: '/bonuses/new', url: '/bonuses/new?brand=99exch.com' });
    return screen.findByRole('form', { name: 'New campaign' });
  }

  it('creates a first-deposit bonus and opens its page', async () => {
    const seen = serveAdmin({ 'bonuses/campaigns/create': created });
    await openEditor();
    type('Title', 'Diwali first deposit');
    type('Maximum bonus (₹)', '2000');
    type('Minimum deposit (₹)', '300');
    type('Wagering multiplier', '8');
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));

    expect(await screen.findByTestId('landed')).toBeTruthy();
    expect(screen.getByTestId('landed').textContent).toBe(`/bonuses/${CAMPAIGN_ID}`);
    expect(posts(seen, 'bonuses/campaigns/create')).toEqual([
      expect.objectContaining({
        brand: '99exch.com',
        title: 'Diwali first deposit',
        type: 'FIRST_DEPOSIT',
        amountKind: 'PERCENT',
        percent: 100,
        maxAmount: 2000,
        minDeposit: 300,
        wageringMultiplier: 8,
        product: 'BETTING',
        betting: { minPrice: 1.5, percent: 100 },
        casino: null,
      }),
    ]);
  });

  it('refuses wagering above 10× the bonus without sending it', async () => {
    const seen = serveAdmin({ 'bonuses/campaigns/create': created });
    await openEditor();
    type('Title', 'Too greedy');
    type('Maximum bonus (₹)', '2000');
    type('Wagering multiplier', '15');
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));

    const field = screen.getByLabelText('Wagering multiplier');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(CAMPAIGN_RULE_BREACHES.WAGERING_ABOVE_CAP).length).toBeGreaterThan(
      0,
    );
    expect(posts(seen, 'bonuses/campaigns/create')).toHaveLength(0);
  });

  it('refuses a bonus counting betting and casino both, and one counting neither', async () => {
    const seen = serveAdmin({ 'bonuses/campaigns/create': created });
    await openEditor();
    type('Title', 'Everything counts');
    type('Maximum bonus (₹)', '2000');
    fireEvent.click(screen.getByRole('switch', { name: 'Casino games count' }));
    type('Game category 1', 'slots');
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));

    const wagering = screen.getByRole('group', { name: 'Wagering' });
    expect(within(wagering).getByRole('alert').textContent).toBe(
      CAMPAIGN_RULE_BREACHES.ONE_PRODUCT_ONLY,
    );

    fireEvent.click(screen.getByRole('switch', { name: 'Casino games count' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Exchange bets count' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(within(wagering).getByRole('alert').textContent).toBe(CAMPAIGN_RULE_BREACHES.NO_PRODUCT);
    expect(posts(seen, 'bonuses/campaigns/create')).toHaveLength(0);
  });

  it('shows the server’s refusal of a rule at its field, in the server’s words', async () => {
    serveAdmin({
      'bonuses/campaigns/create': () =>
        jsonResponse(
          failedEnvelope(
            'VALIDATION_FAILED',
            CAMPAIGN_RULE_BREACHES.ONE_PRODUCT_ONLY,
            'ONE_PRODUCT_ONLY',
          ),
          400,
        ),
    });
    await openEditor();
    type('Title', 'Welcome');
    type('Maximum bonus (₹)', '2000');
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));

    const refusal = await screen.findByText('The server refused the campaign');
    expect(refusal.closest('[role="alert"]')?.textContent).toContain(
      CAMPAIGN_RULE_BREACHES.ONE_PRODUCT_ONLY,
    );
    // The rule's code is the server's reference, not a sentence for the operator.
    expect(screen.queryByText(/ONE_PRODUCT_ONLY/)).toBeNull();
    const wagering = screen.getByRole('group', { name: 'Wagering' });
    expect(within(wagering).getByRole('alert').textContent).toBe(
      CAMPAIGN_RULE_BREACHES.ONE_PRODUCT_ONLY,
    );
  });

  it('asks a coupon campaign for its code and shows only the fields of its type', async () => {
    const seen = serveAdmin({ 'bonuses/campaigns/create': created });
    await openEditor();
    type('Title', 'Diwali coupon');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'COUPON' } });
    expect(screen.queryByLabelText('Minimum deposit (₹)')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Fixed amount' }));
    type('Bonus amount (₹)', '500');
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(screen.getByLabelText('Coupon code').getAttribute('aria-invalid')).toBe('true');

    type('Coupon code', 'diwali500');
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    await waitFor(() => expect(posts(seen, 'bonuses/campaigns/create')).toHaveLength(1));
    expect(posts(seen, 'bonuses/campaigns/create')[0]).toMatchObject({
      type: 'COUPON',
      amountKind: 'FIXED',
      amount: 500,
      percent: null,
      maxAmount: null,
      minDeposit: null,
      couponCode: 'DIWALI500',
    });
  });
});

describe('a campaign’s page', () => {
  function serveCampaign(campaign = buildCampaign(), more: Record<string, Answer> = {}) {
    return serveAdmin({
      'bonuses/campaigns/detail': () => jsonResponse(okEnvelope(campaign)),
      'bonuses/campaigns/figures': () => jsonResponse(okEnvelope(buildFigures())),
      ...more,
    });
  }

  it('shows the figures: claimed, wagered, converted, expired and cost', async () => {
    serveCampaign();
    renderPage(CampaignPage, { path: '/bonuses/:campaignId', url: `/bonuses/${CAMPAIGN_ID}` });

    const figures = await screen.findByRole('region', {
      name: 'Figures, every bonus of the campaign',
    });
    const tile = (label: string) =>
      within(figures).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(tile('Claimed')).toBe('₹84,000.00');
    expect(tile('Wagered')).toBe('₹3,10,500.00');
    expect(tile('Converted')).toBe('₹38,000.00');
    expect(tile('Expired')).toBe('₹15,000.00');
    expect(tile('Cost')).toBe('₹38,000.00');
    expect(within(figures).getByText('42 bonuses')).toBeTruthy();
  });

  it('saves changed terms on the version they were read at', async () => {
    const seen = serveCampaign(buildCampaign(), {
      'bonuses/campaigns/update': (call) =>
        jsonResponse(okEnvelope(buildCampaign({ ...(call.body as object), version: 4 }))),
    });
    renderPage(CampaignPage, { path: '/bonuses/:campaignId', url: `/bonuses/${CAMPAIGN_ID}` });
    await screen.findByRole('form', { name: 'Campaign terms' });
    expect((screen.getByLabelText('Wagering multiplier') as HTMLInputElement).value).toBe('5');
    type('Wagering multiplier', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save campaign' }));

    expect(await screen.findByText('Saved as version 4.')).toBeTruthy();
    expect(posts(seen, 'bonuses/campaigns/update')).toEqual([
      expect.objectContaining({ id: CAMPAIGN_ID, version: 3, wageringMultiplier: 3 }),
    ]);
  });

  it('pauses a running campaign once confirmed', async () => {
    const seen = serveCampaign(buildCampaign(), {
      'bonuses/campaigns/pause': () =>
        jsonResponse(okEnvelope(buildCampaign({ status: 'PAUSED', state: 'PAUSED', version: 4 }))),
    });
    renderPage(CampaignPage, { path: '/bonuses/:campaignId', url: `/bonuses/${CAMPAIGN_ID}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause campaign' }));
    const dialog = screen.getByRole('dialog', { name: 'Pause Welcome bonus' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));

    expect(await screen.findByRole('button', { name: 'Resume campaign' })).toBeTruthy();
    expect(posts(seen, 'bonuses/campaigns/pause')).toEqual([
      { id: CAMPAIGN_ID, version: 3, paused: true },
    ]);
  });

  it('shows the terms read-only to an operator who may not manage bonuses', async () => {
    serveCampaign();
    renderPage(CampaignPage, {
      path: '/bonuses/:campaignId',
      url: `/bonuses/${CAMPAIGN_ID}`,
      me: buildMe({ role: 'support', permissions: [...ROLE_PERMISSIONS.support] }),
    });
    await screen.findByRole('form', { name: 'Campaign terms' });
    expect(screen.getByLabelText('Title').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save campaign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause campaign' })).toBeNull();
  });
});
