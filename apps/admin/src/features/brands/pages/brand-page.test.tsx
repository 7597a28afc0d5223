import type { Brand } from '@backlay/contract/admin-brands';
import { BRAND_ASSET_MAX_BYTES } from '@backlay/contract/admin-brands';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildBettingDefaults,
  buildBrand,
  failedEnvelope,
  failure,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer, type SeenCall } from '../../../shared/test/serve-admin';
import { formatKilobytes } from '../model/brand-asset';
import BrandPage from './brand-page';

const BRAND = buildBrand();

/** The brand's answers: `detail` answers each read in turn (the last one again after that). */
function serveBrand({
  details = [BRAND],
  update = (call: SeenCall) => jsonResponse(okEnvelope(savedFrom(call))),
  assets,
  versions,
}: {
  details?: Brand[];
  update?: Answer;
  assets?: Answer;
  versions?: Answer;
} = {}) {
  let reads = 0;
  return serveAdmin({
    'brands/detail': () => {
      const brand = details[Math.min(reads, details.length - 1)];
      reads += 1;
      return jsonResponse(okEnvelope(brand));
    },
    'brands/update': update,
    'brands/betting-defaults': () => jsonResponse(okEnvelope(buildBettingDefaults())),
    ...(assets ? { 'brands/assets': assets } : {}),
    ...(versions ? { 'brands/versions': versions } : {}),
  });
}

/** What the server answers a valid update: the document sent, as the next version. */
function savedFrom(call: SeenCall): Brand {
  const { version, ...rest } = call.body as Brand;
  return {
    ...(rest as Omit<Brand, 'version' | 'updatedAt' | 'updatedBy'>),
    version: version + 1,
    updatedAt: '2026-05-02T12:00:00.000Z',
    updatedBy: 'asha.owner',
  };
}

const updates = (seen: SeenCall[]) => seen.filter((call) => call.path === 'brands/update');

function openBrand() {
  return renderPage(BrandPage, { path: '/brands/:domain', url: '/brands/gold365.bet' });
}

async function save(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('the brand’s settings', () => {
  it('sends the whole document with the version it was loaded from', async () => {
    const seen = serveBrand();
    openBrand();
    fireEvent.change(await screen.findByLabelText('Title'), {
      target: { value: 'Gold 365 Exchange' },
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Kabaddi' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Live TV' }));
    fireEvent.change(screen.getByLabelText('Aliases'), {
      target: { value: 'gold365.club, Gold365.WIN' },
    });
    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Body background colour'), {
      target: { value: '#112233' },
    });
    await save('Save settings');

    expect(updates(seen)).toHaveLength(1);
    expect(updates(seen)[0]?.body).toEqual({
      domain: 'gold365.bet',
      version: 4,
      entry: {
        theme: null,
        aliases: ['gold365.club', 'gold365.win'],
        casinoOnly: false,
        indexLanding: false,
      },
      settings: {
        ...BRAND.settings,
        setting: {
          ...BRAND.settings.setting,
          domainTitle: 'Gold 365 Exchange',
          kabaddi: true,
          bodyBgColor: '#112233',
        },
        tv: { enabled: false },
      },
      betting: BRAND.betting,
    });
    expect(await screen.findByText('Saved as version 5.')).toBeTruthy();
  });

  it('saves the next change over the version the last save answered', async () => {
    const seen = serveBrand();
    openBrand();
    fireEvent.change(await screen.findByLabelText('Telegram id'), { target: { value: 'g365' } });
    await save('Save settings');
    await screen.findByText('Saved as version 5.');
    fireEvent.change(screen.getByLabelText('Instagram id'), { target: { value: 'g365.bet' } });
    await save('Save settings');
    expect(updates(seen).map((call) => (call.body as Brand).version)).toEqual([4, 5]);
  });

  it('says someone else changed the brand on a CONFLICT, and reloads their version', async () => {
    const theirs = buildBrand({
      version: 5,
      updatedBy: 'priya.admin',
      settings: {
        ...BRAND.settings,
        setting: { ...BRAND.settings.setting, domainTitle: 'Their title' },
      },
    });
    const seen = serveBrand({
      details: [BRAND, theirs],
      update: () => failure('CONFLICT', 'The brand is at version 5, not 4.', 409),
    });
    openBrand();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Mine' } });
    await save('Save settings');

    expect(
      await screen.findByText('Someone else changed this brand; reload to see their version.'),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    });
    expect(await screen.findByDisplayValue('Their title')).toBeTruthy();
    expect(screen.queryByText(/Someone else changed this brand/)).toBeNull();

    await save('Save settings');
    expect(updates(seen).map((call) => (call.body as Brand).version)).toEqual([4, 5]);
  });

  it('shows what the contract refuses beside the field, without calling', async () => {
    const seen = serveBrand();
    openBrand();
    const colour = await screen.findByLabelText('Body background colour');
    fireEvent.change(colour, { target: { value: 'gold' } });
    fireEvent.change(screen.getByLabelText('Aliases'), { target: { value: 'not a host!' } });
    await save('Save settings');

    expect(colour.getAttribute('aria-invalid')).toBe('true');
    const note = document.getElementById(colour.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('a hex colour');
    expect(screen.getByLabelText('Aliases').getAttribute('aria-invalid')).toBe('true');
    expect(updates(seen)).toEqual([]);
  });

  it('shows the server’s validation failures beside their fields', async () => {
    serveBrand({
      update: () =>
        jsonResponse(
          failedEnvelope(
            'VALIDATION_FAILED',
            'The alias gold365.club belongs to another brand.',
            'entry.aliases.0: The alias gold365.club belongs to another brand.',
          ),
          400,
        ),
    });
    openBrand();
    await screen.findByLabelText('Aliases');
    await save('Save settings');
    const aliases = screen.getByLabelText('Aliases');
    expect(aliases.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(aliases.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('The alias gold365.club belongs to another brand.');
  });

  it('asks before suspending the site, and suspends it only with the save', async () => {
    const seen = serveBrand();
    openBrand();
    const suspended = await screen.findByRole('switch', { name: 'Site suspended' });
    fireEvent.click(suspended);
    const dialog = screen.getByRole('dialog', { name: 'Suspend the site' });
    expect(dialog.textContent).toContain('gold365.bet closes to its players');
    expect(screen.getByRole('switch', { name: 'Site suspended' })).toHaveProperty('checked', false);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend on save' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Site suspended' })).toHaveProperty('checked', true);
    expect(updates(seen)).toEqual([]);

    await save('Save settings');
    expect((updates(seen)[0]?.body as Brand | undefined)?.settings.setting.siteSuspended).toBe(
      true,
    );
  });

  it('leaves the site open when the suspension is cancelled', async () => {
    serveBrand();
    openBrand();
    fireEvent.click(await screen.findByRole('switch', { name: 'Site suspended' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('switch', { name: 'Site suspended' })).toHaveProperty('checked', false);
  });
});

describe('the brand’s betting rules', () => {
  async function openBetting() {
    openBrand();
    fireEvent.click(await screen.findByRole('tab', { name: 'Betting rules' }));
    return screen.findByRole('form', { name: 'Betting rules' });
  }

  it('shows its own rules, and the platform’s defaults in the empty fields', async () => {
    serveBrand();
    const form = await openBetting();
    expect(within(form).getByLabelText('Commission (%)')).toHaveProperty('value', '3');
    const racing = within(form).getByLabelText('Horse Racing maximum stake');
    expect(racing).toHaveProperty('value', '');
    // The platform's limits for horse racing, once the defaults are loaded.
    await waitFor(() => expect(racing.getAttribute('placeholder')).toBe('100000'));
    expect(within(form).getByLabelText('Football maximum stake').getAttribute('placeholder')).toBe(
      '500000',
    );
    expect(within(form).getByLabelText('Cricket in-play delay').getAttribute('placeholder')).toBe(
      '5',
    );
  });

  it('saves the overrides typed, leaving empty ones to the defaults, with the rest of the brand', async () => {
    const seen = serveBrand();
    const form = await openBetting();
    fireEvent.change(within(form).getByLabelText('Commission (%)'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Cricket minimum stake'), {
      target: { value: '200' },
    });
    fireEvent.change(within(form).getByLabelText('Cricket maximum stake'), {
      target: { value: '1,00,000' },
    });
    fireEvent.change(within(form).getByLabelText('Cricket maximum liability'), {
      target: { value: '300000' },
    });
    fireEvent.change(within(form).getByLabelText('Tennis in-play delay'), {
      target: { value: '6' },
    });
    await save('Save betting rules');

    expect(updates(seen)[0]?.body).toEqual({
      domain: 'gold365.bet',
      version: 4,
      entry: BRAND.entry,
      settings: BRAND.settings,
      betting: {
        sports: { '3': { minStake: 200, maxStake: 100000, maxLiability: 300000 } },
        betDelaySeconds: { '2': 6 },
      },
    });
  });

  it('switches cash out off for the brand, the empty choice naming the platform’s default', async () => {
    const seen = serveBrand();
    const form = await openBetting();
    const cashOut = within(form).getByLabelText('Cash out');
    expect(cashOut).toHaveProperty('value', '');
    expect(
      within(cashOut).getByRole('option', { name: 'Platform default (offered)' }),
    ).toBeTruthy();
    fireEvent.change(cashOut, { target: { value: 'off' } });
    await save('Save betting rules');

    expect(updates(seen)[0]?.body).toMatchObject({
      domain: 'gold365.bet',
      betting: { ...BRAND.betting, cashOut: false },
    });
  });

  it('shows a field it cannot read, or the contract refuses, and sends nothing', async () => {
    const seen = serveBrand();
    const form = await openBetting();
    const fancyMin = within(
      within(form).getByRole('group', { name: 'Fancy markets' }),
    ).getByLabelText('Minimum stake (₹)');
    fireEvent.change(fancyMin, { target: { value: 'ten' } });
    fireEvent.change(within(form).getByLabelText('Kabaddi in-play delay'), {
      target: { value: '45' },
    });
    await save('Save betting rules');

    expect(fancyMin.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getAllByText('Enter a number').length).toBeGreaterThan(0);
    expect(within(form).getAllByText('At most 30 s').length).toBeGreaterThan(0);
    expect(updates(seen)).toEqual([]);
  });
});

describe('the brand’s logo and favicon', () => {
  async function openAssets() {
    openBrand();
    fireEvent.click(await screen.findByRole('tab', { name: 'Logo & favicon' }));
    return screen.getByLabelText('New logo');
  }

  it('refuses a file over the limit without sending it', async () => {
    const seen = serveBrand({ assets: () => jsonResponse(okEnvelope(BRAND)) });
    const input = await openAssets();
    const big = new File([new Uint8Array(BRAND_ASSET_MAX_BYTES + 1)], 'logo.png', {
      type: 'image/png',
    });
    await act(async () => {
      fireEvent.change(input, { target: { files: [big] } });
    });
    expect(
      screen.getByText(
        `The file is ${formatKilobytes(BRAND_ASSET_MAX_BYTES + 1)}; at most ${formatKilobytes(BRAND_ASSET_MAX_BYTES)} is allowed.`,
      ),
    ).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(seen.filter((call) => call.path === 'brands/assets')).toEqual([]);
  });

  it('sends the file as base64 with the version, and shows the new image', async () => {
    const uploaded = buildBrand({
      version: 5,
      settings: {
        ...BRAND.settings,
        setting: { ...BRAND.settings.setting, mainLogo: '/cdn/assets/gold365.bet/logo-5.png' },
      },
    });
    const seen = serveBrand({ assets: () => jsonResponse(okEnvelope(uploaded)) });
    const input = await openAssets();
    expect(screen.getByRole('img', { name: 'Gold 365 logo' }).getAttribute('src')).toBe(
      '/cdn/assets/gold365.bet/logo.svg',
    );
    const png = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'logo.png', {
      type: 'image/png',
    });
    await act(async () => {
      fireEvent.change(input, { target: { files: [png] } });
    });

    expect(await screen.findByText('logo.png uploaded: version 5.')).toBeTruthy();
    expect(seen.filter((call) => call.path === 'brands/assets').map((call) => call.body)).toEqual([
      { domain: 'gold365.bet', kind: 'logo', dataBase64: 'iVBORw0KGgo=', version: 4 },
    ]);
    expect(screen.getByRole('img', { name: 'Gold 365 logo' }).getAttribute('src')).toBe(
      '/cdn/assets/gold365.bet/logo-5.png',
    );
  });
});

describe('the brand’s history', () => {
  const v3 = buildBrand({ version: 3 });
  const v4 = buildBrand({
    version: 4,
    settings: {
      ...BRAND.settings,
      setting: { ...BRAND.settings.setting, domainTitle: 'Gold 365', tennis: false },
    },
  });
  v3.settings.setting.tennis = true;
  v3.settings.setting.domainTitle = 'Gold Three Six Five';
  const version = (brand: Brand, changedBy: string | null) => ({
    version: brand.version,
    changedAt: brand.updatedAt,
    changedBy,
    document: { entry: brand.entry, settings: brand.settings, betting: brand.betting },
  });
  const versions = () =>
    jsonResponse(
      okEnvelope({
        domain: 'gold365.bet',
        versions: [version(v3, null), version(v4, 'asha.owner')],
      }),
    );

  async function openHistory() {
    openBrand();
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
  }

  it('lists the versions newest first and shows what the chosen one changed', async () => {
    serveBrand({ versions });
    await openHistory();
    const list = await screen.findByRole('navigation', { name: 'Versions' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([expect.stringContaining('Version 4'), expect.stringContaining('Version 3')]);
    expect(within(list).getByText('config seed')).toBeTruthy();

    const changes = screen.getByRole('table', { name: 'Changes in version 4' });
    const rows = within(changes)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'settings.setting.domainTitleGold Three Six FiveGold 365',
      'settings.setting.tennistruefalse',
    ]);
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull();

    // The oldest version listed is not the first: the one before it is missing, not absent.
    fireEvent.click(within(list).getByRole('button', { name: /Version 3/ }));
    expect(screen.getByText('The version before it is not in the history.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: /Changes in version/ })).toBeNull();
  });

  it('restores an older version over the current one, after showing what changes', async () => {
    const seen = serveBrand({ versions });
    await openHistory();
    fireEvent.click(
      within(await screen.findByRole('navigation', { name: 'Versions' })).getByRole('button', {
        name: /Version 3/,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore version 3' });
    expect(
      within(within(dialog).getByRole('table', { name: 'Changes from the current version' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'settings.setting.domainTitleGold 365Gold Three Six Five',
      'settings.setting.tennisfalsetrue',
    ]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    });

    expect(updates(seen).map((call) => call.body)).toEqual([
      {
        domain: 'gold365.bet',
        version: 4,
        entry: v3.entry,
        settings: v3.settings,
        betting: v3.betting,
      },
    ]);
    expect(await screen.findByText('Version 3 restored as version 5.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
