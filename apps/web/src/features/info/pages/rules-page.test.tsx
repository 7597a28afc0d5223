import type { BettingRules, MarketTypeRules } from '@backlay/contract/betting-rules';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { failedEnvelope, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import RulesPage from './rules-page';

const RULES_CALL = 'Setting/GetBettingRules';

type Figures = Omit<MarketTypeRules, 'marketType'>;

/** One sport of the answer; the three market types take `figures` unless named otherwise. */
function sportRules(
  sportId: number,
  sportName: string,
  figures: Figures,
  byType: Partial<Record<MarketTypeRules['marketType'], Partial<Figures>>> = {},
): BettingRules['sports'][number] {
  return {
    sportId,
    sportName,
    markets: (['MATCH_ODDS', 'BOOKMAKER', 'FANCY'] as const).map((marketType) => ({
      marketType,
      ...figures,
      ...byType[marketType],
    })),
  };
}

/*
 * Figures no brand ships, so that seeing them proves the page shows the call's answer.
 */
const CRICKET = sportRules(
  3,
  'Cricket',
  {
    minStake: 37,
    maxStake: 123_456,
    maxLiability: 987_654.5,
    betDelaySeconds: 7,
    commissionPercent: 2.75,
  },
  { FANCY: { minStake: 41, maxStake: 65_000, maxLiability: 250_000 } },
);
const KABADDI = sportRules(25, 'Kabaddi', {
  minStake: 55,
  maxStake: 44_000,
  maxLiability: 1_50_000,
  betDelaySeconds: 0,
  commissionPercent: 4,
});

/** Each row of a sport's table as its cells read: the label, then one figure per market type. */
function tableRows(sportName: string): string[][] {
  const table = screen.getByRole('table', { name: sportName });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll<HTMLElement>('th, td')].map(cellText));
}

const cellText = (cell: HTMLElement) => cell.textContent ?? '';

function renderRules() {
  return renderPage(RulesPage, { path: '/rules' });
}

beforeEach(() => logInPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the rules page', () => {
  it("shows each sport's limits, delay and commission exactly as the call gives them", async () => {
    const seen = serveApi({
      [RULES_CALL]: () => jsonResponse(okEnvelope({ sports: [CRICKET, KABADDI] })),
    });
    renderRules();

    await screen.findByRole('table', { name: 'Cricket' });
    expect(tableRows('Cricket')).toEqual([
      ['', 'Match odds', 'Bookmaker', 'Fancy'],
      ['Min stake', '₹37', '₹37', '₹41'],
      ['Max stake', '₹1,23,456', '₹1,23,456', '₹65,000'],
      ['Max liability', '₹9,87,654.50', '₹9,87,654.50', '₹2,50,000'],
      ['In-play delay', '7 seconds', '7 seconds', '7 seconds'],
      ['Commission', '2.75%', '2.75%', '2.75%'],
    ]);
    expect(tableRows('Kabaddi')).toEqual([
      ['', 'Match odds', 'Bookmaker', 'Fancy'],
      ['Min stake', '₹55', '₹55', '₹55'],
      ['Max stake', '₹44,000', '₹44,000', '₹44,000'],
      ['Max liability', '₹1,50,000', '₹1,50,000', '₹1,50,000'],
      ['In-play delay', 'None', 'None', 'None'],
      ['Commission', '4%', '4%', '4%'],
    ]);
    // Only the sports the answer names: none is filled in from elsewhere.
    expect(screen.getAllByRole('table')).toHaveLength(2);
    expect(screen.queryByRole('table', { name: 'Football' })).toBeNull();

    const calls = seen.filter((r) => r.url.pathname === `/api/${RULES_CALL}`);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('explains the exchange, each market type, settlement and in-play betting', async () => {
    serveApi({ [RULES_CALL]: () => jsonResponse(okEnvelope({ sports: [CRICKET] })) });
    renderRules();
    // The heading at once; the rules as soon as their chunk is there.
    expect(screen.getByText('How betting, settlement and in-play betting work here.')).toBeTruthy();
    await screen.findByRole('navigation', { name: 'On this page' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map(cellText);
    expect(headings).toEqual([
      'How the exchange works',
      'Market types',
      'Settlement and void rules',
      'In-play betting',
      'Your limits',
    ]);
    const contents = within(screen.getByRole('navigation', { name: 'On this page' }));
    expect(contents.getByRole('link', { name: 'Your limits' }).getAttribute('href')).toBe(
      '#rules-limits',
    );
    expect(
      screen
        .getAllByRole('heading', { level: 3 })
        .map(cellText)
        .filter((h) => h !== 'Each sport'),
    ).toEqual(['Match odds', 'Bookmaker', 'Fancy (sessions)']);
    await screen.findByRole('table', { name: 'Cricket' });
  });

  it('says the limits are loading, and shows no figure of its own meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    serveApi({
      [RULES_CALL]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderRules();

    expect(await screen.findByText('Loading your limits…')).toBeTruthy();
    expect(screen.queryAllByRole('table')).toHaveLength(0);
    // The written rules are there, and name no rate or delay: those come from the call alone.
    const limits = screen.getByRole('region', { name: 'Your limits' });
    expect(screen.getByRole('region', { name: 'In-play betting' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\d\s*%|\d+ seconds?\b/);

    await act(async () => answer(jsonResponse(okEnvelope({ sports: [KABADDI] }))));
    expect(await within(limits).findByRole('table', { name: 'Kabaddi' })).toBeTruthy();
    expect(screen.queryByText('Loading your limits…')).toBeNull();
  });

  it('says why the limits could not be loaded, shows none, and loads them on Try again', async () => {
    let failing = true;
    const seen = serveApi({
      [RULES_CALL]: () =>
        failing
          ? jsonResponse(failedEnvelope('The rules are being updated.', 'INTERNAL'), 500)
          : jsonResponse(okEnvelope({ sports: [CRICKET] })),
    });
    renderRules();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Your limits could not be loaded: The rules are being updated.',
    );
    expect(screen.queryAllByRole('table')).toHaveLength(0);

    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Cricket' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(seen.filter((r) => r.url.pathname === `/api/${RULES_CALL}`)).toHaveLength(2);
  });

  it('says so when no sport is open to the player, rather than showing an empty table', async () => {
    serveApi({ [RULES_CALL]: () => jsonResponse(okEnvelope({ sports: [] })) });
    renderRules();
    expect(await screen.findByText('No sports are open for betting on your account.')).toBeTruthy();
    expect(screen.queryAllByRole('table')).toHaveLength(0);
  });

  it('refuses an answer outside the contract instead of showing it', async () => {
    serveApi({
      [RULES_CALL]: () =>
        jsonResponse(okEnvelope({ sports: [{ ...CRICKET, markets: [{ marketType: 'ODDS' }] }] })),
    });
    renderRules();
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Your limits could not be loaded: /,
    );
    expect(screen.queryAllByRole('table')).toHaveLength(0);
  });

  it('reads in Hindi: the rules, the figures and what to do when they fail to load', async () => {
    let failing = true;
    serveApi({
      [RULES_CALL]: () =>
        failing
          ? jsonResponse(failedEnvelope('The rules are being updated.', 'INTERNAL'), 500)
          : jsonResponse(okEnvelope({ sports: [CRICKET, KABADDI] })),
    });
    await act(() => chooseLanguage('hi'));
    renderRules();

    expect(screen.getByText('यहाँ बेटिंग, सेटलमेंट और इन-प्ले बेटिंग कैसे काम करती है।')).toBeTruthy();
    await screen.findByRole('navigation', { name: 'इस पेज पर' });
    expect(screen.getAllByRole('heading', { level: 2 }).map(cellText)).toEqual([
      'एक्सचेंज कैसे काम करता है',
      'मार्केट के प्रकार',
      'सेटलमेंट और वॉइड के नियम',
      'इन-प्ले बेटिंग',
      'आपकी लिमिट',
    ]);
    // The examples keep their figures, and the highlighted choices stay highlighted.
    expect(screen.getByText(/2\.50 का प्राइस हर ₹100 के स्टेक पर ₹250 लौटाता है/)).toBeTruthy();
    expect([...document.querySelectorAll('strong')].map((strong) => strong.textContent)).toEqual([
      'यस',
      'नो',
    ]);
    const limitsLinks = screen.getAllByRole('link', { name: 'आपकी लिमिट' });
    expect(limitsLinks.map((link) => link.getAttribute('href'))).toEqual([
      '#rules-limits',
      '#rules-limits',
      '#rules-limits',
    ]);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('आपकी लिमिट लोड नहीं हो सकीं: The rules are being updated.');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'फिर से कोशिश करें' }));
    // Sports are named in the player's language too.
    await screen.findByRole('table', { name: 'क्रिकेट' });
    expect(tableRows('क्रिकेट').slice(0, 2)).toEqual([
      ['', 'मैच ऑड्स', 'बुकमेकर', 'फैंसी'],
      ['न्यूनतम स्टेक', '₹37', '₹37', '₹41'],
    ]);
    expect(tableRows('क्रिकेट')[4]).toEqual(['इन-प्ले डिले', '7 सेकंड', '7 सेकंड', '7 सेकंड']);
    expect(tableRows('कबड्डी')[4]).toEqual(['इन-प्ले डिले', 'कोई नहीं', 'कोई नहीं', 'कोई नहीं']);
  });
});
