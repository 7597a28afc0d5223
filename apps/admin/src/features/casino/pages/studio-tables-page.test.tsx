import { ROLE_PERMISSIONS } from '@backlay/contract/admin';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildMe,
  failedEnvelope,
  failure,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer, type SeenCall } from '../../../shared/test/serve-admin';
import {
  buildCrashTable,
  buildDragonTigerTable,
  buildLuckySevenTable,
} from '../test/studio-table-fixtures';
import StudioTablesPage from './studio-tables-page';

const CRASH = buildCrashTable();
const DRAGON_TIGER = buildDragonTigerTable();
const LUCKY_SEVEN = buildLuckySevenTable();

/** Saves as the server does: the next version, the values sent now in force from the console. */
const saved: Answer = (call) => {
  const body = call.body as {
    gameCode: string;
    version: number;
    values: Record<string, number | boolean>;
  };
  const before = [DRAGON_TIGER, LUCKY_SEVEN].find((t) => t.gameCode === body.gameCode) ?? CRASH;
  return jsonResponse(
    okEnvelope({
      ...before,
      values: body.values,
      sources: Object.fromEntries(
        Object.entries(body.values).map(([key, value]) => [
          key,
          value === before.configured[key] ? 'file' : 'console',
        ]),
      ),
      version: body.version + 1,
      updatedBy: 'asha.owner',
      updatedAt: '2026-11-29T07:00:00.000Z',
    }),
  );
};

function serveTables({ save = saved, reads = [[CRASH]] } = {}) {
  let read = 0;
  return serveAdmin({
    'casino/studio-tables': () =>
      jsonResponse(okEnvelope({ items: reads[Math.min(read++, reads.length - 1)] })),
    'casino/studio-tables/update': save,
  });
}

const posts = (seen: SeenCall[]) =>
  seen.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]);

async function openTables(me = buildMe()) {
  renderPage(StudioTablesPage, { path: '/casino/studio-tables', me });
  return screen.findByRole('region', { name: 'Sky Ace (crash)' });
}

const type = (within_: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(within_).getByLabelText(label), { target: { value } });

const fact = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const noteOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the studio tables, for an owner', () => {
  it('saves a change only once it is confirmed, showing what it changes', async () => {
    const seen = serveTables();
    const crash = await openTables();
    const form = within(crash).getByRole('form', { name: 'Sky Ace (crash) settings' });
    type(form, 'Maximum bet (₹)', '5000');
    type(form, 'Pause after the crash (ms)', '4000');
    fireEvent.click(within(form).getByRole('switch', { name: 'Table playing' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save table' }));

    const dialog = screen.getByRole('dialog', { name: 'Change Sky Ace (crash)' });
    expect(
      within(within(dialog).getByRole('table', { name: 'Changes' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Table playingPlayingPaused',
      'Maximum bet₹10,000.00₹5,000.00',
      'Pause after the crash3,000 ms4,000 ms',
    ]);
    // Only a new house edge warns of a new hash chain.
    expect(within(dialog).queryByText(/retires the hash chain/)).toBeNull();
    expect(posts(seen)).toEqual([]);
    // Pausing a table is drawn as the danger it is.
    const confirm = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(confirm.className).toContain('button--danger');
    await act(async () => {
      fireEvent.click(confirm);
    });

    expect(posts(seen)).toEqual([
      [
        'casino/studio-tables/update',
        {
          gameCode: 'sbe_aviator',
          version: 0,
          values: { ...CRASH.values, enabled: false, maxBetMinor: 500_000, pauseMs: 4_000 },
        },
      ],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(crash).getByText('Saved as version 1.')).toBeTruthy();
    expect(within(crash).getByText('Paused')).toBeTruthy();
    expect(fact(crash, 'Maximum bet')).toMatch(/^₹5,000\.00/);
  });

  it('warns before a new house edge that the next round starts a new hash chain', async () => {
    const seen = serveTables();
    const crash = await openTables();
    const form = within(crash).getByRole('form', { name: 'Sky Ace (crash) settings' });
    type(form, 'House edge (%)', '2');
    fireEvent.click(within(form).getByRole('button', { name: 'Save table' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Sky Ace (crash)' });
    expect(within(dialog).getByText(/retires the hash chain in play/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    });
    expect((posts(seen)[0]?.[1] as { values: { houseEdgeBp: number } }).values.houseEdgeBp).toBe(
      200,
    );
  });

  it('says what is wrong in the contract’s words before sending, and asks nothing', async () => {
    const seen = serveTables();
    const crash = await openTables();
    const form = within(crash).getByRole('form', { name: 'Sky Ace (crash) settings' });
    type(form, 'Minimum bet (₹)', '20000');
    fireEvent.click(within(form).getByRole('button', { name: 'Save table' }));
    expect(noteOf(within(form).getByLabelText('Minimum bet (₹)'))).toBe(
      'The minimum bet is above the maximum bet',
    );

    type(form, 'Minimum bet (₹)', '10');
    type(form, 'House edge (%)', '12');
    type(form, 'Tick (ms)', '10.5');
    fireEvent.click(within(form).getByRole('button', { name: 'Save table' }));
    expect(noteOf(within(form).getByLabelText('Minimum bet (₹)'))).toBe('In rupees.');
    expect(noteOf(within(form).getByLabelText('House edge (%)'))).toBe(
      'The house edge must be at most 10%',
    );
    expect(noteOf(within(form).getByLabelText('Tick (ms)'))).toBe('Enter the tick in whole units');
    expect(within(form).getByText('Some fields need fixing')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(seen)).toEqual([]);
  });

  it('shows a refusal of the server beside its fields, by their labels', async () => {
    serveTables({
      save: () =>
        jsonResponse(
          failedEnvelope(
            'VALIDATION_FAILED',
            'The maximum win must be at least the maximum bet',
            'values.maxWinMinor: The maximum win must be at least the maximum bet',
          ),
          400,
        ),
    });
    const crash = await openTables();
    const form = within(crash).getByRole('form', { name: 'Sky Ace (crash) settings' });
    type(form, 'Tick (ms)', '200');
    fireEvent.click(within(form).getByRole('button', { name: 'Save table' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(noteOf(within(form).getByLabelText('Maximum win per round (₹)'))).toBe(
      'The maximum win must be at least the maximum bet',
    );
    expect(within(form).getByText('Maximum win per round')).toBeTruthy();
  });

  it('says someone saved first on a CONFLICT, and starts again from their version', async () => {
    const theirs = buildCrashTable({
      version: 2,
      values: { ...CRASH.values, maxBetMinor: 300_000 },
      sources: { ...CRASH.sources, maxBetMinor: 'console' },
      updatedBy: 'dev.owner',
      updatedAt: '2026-11-29T06:30:00.000Z',
    });
    const seen = serveTables({
      save: () => failure('CONFLICT', 'Someone changed this table.', 409),
      reads: [[CRASH], [theirs]],
    });
    const crash = await openTables();
    const form = within(crash).getByRole('form', { name: 'Sky Ace (crash) settings' });
    type(form, 'Tick (ms)', '200');
    fireEvent.click(within(form).getByRole('button', { name: 'Save table' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(
      within(form).getByText(
        'Someone else changed the table Sky Ace (crash); reload to see their version.',
      ),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Reload' }));
    });
    expect(within(form).getByLabelText('Maximum bet (₹)')).toHaveProperty('value', '3000.00');
    expect(within(form).getByLabelText('Tick (ms)')).toHaveProperty('value', '150');
    expect(
      seen
        .filter((call) => call.path === 'casino/studio-tables/update')
        .map((call) => (call.body as { version: number }).version),
    ).toEqual([0]);
  });
});

describe('a card table, for an owner', () => {
  it('edits each bet kind’s limits in rupees, refusing a minimum above its maximum', async () => {
    const dragonTiger = DRAGON_TIGER;
    const seen = serveTables({ reads: [[CRASH, dragonTiger]] });
    await openTables();
    const section = screen.getByRole('region', { name: 'Dragon Tiger' });
    const form = within(section).getByRole('form', { name: 'Dragon Tiger settings' });
    expect(fact(section, 'Maximum on Tie')).toBe('₹1,000.00 · configuration file');

    type(form, 'Minimum bet on Tie (₹)', '2000');
    fireEvent.click(within(form).getByRole('button', { name: 'Save table' }));
    expect(noteOf(within(form).getByLabelText('Minimum bet on Tie (₹)'))).toBe(
      'The minimum bet on Tie is above its maximum',
    );
    expect(posts(seen)).toEqual([]);

    type(form, 'Minimum bet on Tie (₹)', '50');
    type(form, 'Time between cards (ms)', '800');
    fireEvent.click(within(form).getByRole('button', { name: 'Save table' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Dragon Tiger' });
    expect(
      within(within(dialog).getByRole('table', { name: 'Changes' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Time between cards600 ms800 ms', 'Minimum bet on Tie₹10.00₹50.00']);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    });
    expect(posts(seen)).toEqual([
      [
        'casino/studio-tables/update',
        {
          gameCode: 'mac_dragon_tiger',
          version: 0,
          values: { ...dragonTiger.values, cardMs: 800, 'minBetMinor.TIE': 5_000 },
        },
      ],
    ]);
    expect(within(section).getByText('Saved as version 1.')).toBeTruthy();
    expect(fact(section, 'Minimum bet on Tie')).toBe('₹50.00 · console');
    // The crash table is left as it was.
    expect(fact(screen.getByRole('region', { name: 'Sky Ace (crash)' }), 'Maximum bet')).toMatch(
      /^₹10,000\.00/,
    );
  });
});

describe('Lucky Seven’s table, for an owner', () => {
  it('edits the Low, High and Seven limits in rupees', async () => {
    const seen = serveTables({ reads: [[CRASH, DRAGON_TIGER, LUCKY_SEVEN]] });
    await openTables();
    const section = screen.getByRole('region', { name: 'Lucky Seven' });
    const form = within(section).getByRole('form', { name: 'Lucky Seven settings' });
    expect(fact(section, 'Minimum bet on Low')).toBe('₹10.00 · configuration file');
    expect(fact(section, 'Maximum on High')).toBe('₹10,000.00 · configuration file');
    expect(fact(section, 'Maximum on Seven')).toBe('₹1,000.00 · configuration file');
    expect(within(form).queryByLabelText('Minimum bet on Tie (₹)')).toBeNull();

    type(form, 'Maximum on Seven (₹)', '5');
    fireEvent.click(within(form).getByRole('button', { name: 'Save table' }));
    expect(noteOf(within(form).getByLabelText('Minimum bet on Seven (₹)'))).toBe(
      'The minimum bet on Seven is above its maximum',
    );
    expect(posts(seen)).toEqual([]);

    type(form, 'Maximum on Seven (₹)', '500');
    type(form, 'Minimum bet on Low (₹)', '20');
    fireEvent.click(within(form).getByRole('button', { name: 'Save table' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Lucky Seven' });
    expect(
      within(within(dialog).getByRole('table', { name: 'Changes' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Minimum bet on Low₹10.00₹20.00', 'Maximum on Seven₹1,000.00₹500.00']);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    });
    expect(posts(seen)).toEqual([
      [
        'casino/studio-tables/update',
        {
          gameCode: 'king_lucky_seven',
          version: 0,
          values: { ...LUCKY_SEVEN.values, 'minBetMinor.LOW': 2_000, 'maxBetMinor.SEVEN': 50_000 },
        },
      ],
    ]);
    expect(fact(section, 'Maximum on Seven')).toBe('₹500.00 · console');
    // Dragon Tiger is left as it was.
    expect(fact(screen.getByRole('region', { name: 'Dragon Tiger' }), 'Maximum on Tie')).toBe(
      '₹1,000.00 · configuration file',
    );
  });
});

describe('the studio tables, for a role that reads them', () => {
  it('shows each value with where it comes from, with no form', async () => {
    const changed = buildCrashTable({
      values: { ...CRASH.values, maxBetMinor: 500_000 },
      sources: { ...CRASH.sources, maxBetMinor: 'console', pauseMs: 'environment' },
      version: 3,
      updatedBy: 'asha.owner',
      updatedAt: '2026-11-29T07:00:00.000Z',
    });
    const seen = serveTables({ reads: [[changed]] });
    const crash = await openTables(
      buildMe({ role: 'finance', permissions: [...ROLE_PERMISSIONS.finance] }),
    );
    expect(fact(crash, 'Maximum bet')).toBe('₹5,000.00 · console');
    expect(fact(crash, 'Minimum bet')).toBe('₹10.00 · configuration file');
    expect(fact(crash, 'Pause after the crash')).toBe('3,000 ms · environment');
    expect(fact(crash, 'House edge')).toBe('1.00% · configuration file');
    expect(fact(crash, 'Version')).toMatch(/^3 · asha\.owner · /);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText(/The studio serves every brand: only an owner changes/)).toBeTruthy();
    expect(seen.map((call) => call.path)).toEqual(['casino/studio-tables']);
  });

  it('says why a table is paused when its saved settings no longer fit', async () => {
    serveTables({
      reads: [
        [
          buildCrashTable({
            values: { ...CRASH.values, enabled: false },
            problem:
              "The console's settings no longer fit the configuration (minBetMinor: The minimum bet is above the maximum bet); the table is paused until they are saved again.",
          }),
        ],
      ],
    });
    const crash = await openTables(
      buildMe({ role: 'finance', permissions: [...ROLE_PERMISSIONS.finance] }),
    );
    expect(within(crash).getByText('Paused: the saved settings no longer fit')).toBeTruthy();
    expect(within(crash).getByText('Paused')).toBeTruthy();
    expect(fact(crash, 'Table playing')).toBe('No: paused for maintenance · configuration file');
  });
});
