import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildBettingDefaults,
  failure,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer, type SeenCall } from '../../../shared/test/serve-admin';
import BettingDefaultsPage from './betting-defaults-page';

const DEFAULTS = buildBettingDefaults();

function serveDefaults(
  update: Answer = (call: SeenCall) => {
    const { rules, version } = call.body as typeof DEFAULTS;
    return jsonResponse(okEnvelope({ ...DEFAULTS, rules, version: version + 1 }));
  },
  reads = [DEFAULTS],
) {
  let read = 0;
  return serveAdmin({
    'brands/betting-defaults': () =>
      jsonResponse(okEnvelope(reads[Math.min(read++, reads.length - 1)])),
    'brands/betting-defaults/update': update,
  });
}

const updates = (seen: SeenCall[]) =>
  seen.filter((call) => call.path === 'brands/betting-defaults/update');

async function openDefaults() {
  renderPage(BettingDefaultsPage, { path: '/brands/betting-defaults' });
  return screen.findByRole('form', { name: 'Betting defaults' });
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save betting defaults' }));
  });
}

describe('the betting defaults', () => {
  it('sends the rules typed with the version loaded, leaving empty fields out', async () => {
    const seen = serveDefaults();
    const form = await openDefaults();
    type(within(form).getByLabelText('Commission (%)'), '2.5');
    const all = within(form).getByRole('group', { name: 'All markets' });
    type(within(all).getByLabelText('Maximum stake (₹)'), '10,00,000');
    for (const field of ['minimum stake', 'maximum stake', 'maximum liability']) {
      type(within(form).getByLabelText(`Horse Racing ${field}`), '');
    }
    const fancy = within(form).getByRole('group', { name: 'Fancy markets' });
    for (const label of ['Minimum stake (₹)', 'Maximum stake (₹)', 'Maximum liability (₹)']) {
      type(within(fancy).getByLabelText(label), '');
    }
    type(within(form).getByLabelText('Kabaddi in-play delay'), '');
    await save();

    expect(updates(seen).map((call) => call.body)).toEqual([
      {
        version: 7,
        rules: {
          commissionPercent: 2.5,
          all: { minStake: 100, maxStake: 1000000, maxLiability: 2000000 },
          betDelaySeconds: { '1': 5, '2': 3, '3': 5, '26': 2 },
        },
      },
    ]);
    expect(await screen.findByText('Saved as version 8.')).toBeTruthy();
  });

  it('shows a field that is not a number, a half-filled sport and a missing commission, and sends nothing', async () => {
    const seen = serveDefaults();
    const form = await openDefaults();
    type(within(form).getByLabelText('Commission (%)'), '');
    type(within(form).getByLabelText('Cricket minimum stake'), '500');
    const fancyMin = within(
      within(form).getByRole('group', { name: 'Fancy markets' }),
    ).getByLabelText('Minimum stake (₹)');
    type(fancyMin, '1OO');
    await save();

    const noteOf = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(noteOf(within(form).getByLabelText('Commission (%)'))).toBe('Required for the platform');
    expect(noteOf(fancyMin)).toBe('Enter a number');
    expect(noteOf(within(form).getByLabelText('Cricket maximum stake'))).toBe(
      'Fill in all three limits, or none to use the default',
    );
    expect(
      within(form).getByLabelText('Cricket minimum stake').getAttribute('aria-invalid'),
    ).toBeNull();
    expect(updates(seen)).toEqual([]);
  });

  it('shows the contract’s own limits, such as a minimum above the maximum', async () => {
    const seen = serveDefaults();
    const form = await openDefaults();
    const all = within(form).getByRole('group', { name: 'All markets' });
    const min = within(all).getByLabelText('Minimum stake (₹)');
    type(min, '900000');
    await save();
    expect(document.getElementById(min.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The minimum stake is above the maximum',
    );
    expect(updates(seen)).toEqual([]);
  });

  it('offers to reload on a CONFLICT, and starts again from the newer version', async () => {
    const theirs = buildBettingDefaults({
      version: 8,
      rules: { ...DEFAULTS.rules, commissionPercent: 4 },
    });
    const seen = serveDefaults(
      () => failure('CONFLICT', 'Changed meanwhile.', 409),
      [DEFAULTS, theirs],
    );
    const form = await openDefaults();
    type(within(form).getByLabelText('Commission (%)'), '3');
    await save();
    expect(
      await screen.findByText(
        'Someone else changed the betting defaults; reload to see their version.',
      ),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    });
    expect(within(form).getByLabelText('Commission (%)')).toHaveProperty('value', '4');
    await save();
    expect(updates(seen).map((call) => (call.body as { version: number }).version)).toEqual([7, 8]);
  });
});
