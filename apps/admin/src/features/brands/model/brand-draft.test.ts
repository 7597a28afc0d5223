import { describe, expect, it } from 'vitest';
import { buildBrandDocument } from '../../../shared/test/fixtures';
import { documentOf, draftOf, parseAliases } from './brand-draft';
import { newBrandRequest, NEW_BRAND_FIELDS } from './new-brand';

describe('parseAliases', () => {
  it('reads hostnames one a line or separated by commas, lower case, each once', () => {
    expect(parseAliases(' Gold365.club,\n\ngold365.win , gold365.club ')).toEqual([
      'gold365.club',
      'gold365.win',
    ]);
    expect(parseAliases('  ')).toEqual([]);
  });
});

describe('the settings draft', () => {
  it('gives back the document it was made from', () => {
    const document = buildBrandDocument();
    expect(documentOf(draftOf(document), document)).toEqual(document);
  });

  it('keeps what the form does not edit (featured items, betting rules) as they were', () => {
    const document = buildBrandDocument();
    const draft = { ...draftOf(document), theme: '' as const, tvEnabled: false };
    const saved = documentOf(draft, document);
    expect(saved.entry.theme).toBeNull();
    expect(saved.settings.tv).toEqual({ enabled: false });
    expect(saved.settings.bonuses).toBe(document.settings.bonuses);
    expect(saved.settings.games).toBe(document.settings.games);
    expect(saved.betting).toBe(document.betting);
  });
});

describe('newBrandRequest', () => {
  it('starts a brand from working defaults and the platform’s betting rules', () => {
    const request = newBrandRequest({
      ...NEW_BRAND_FIELDS,
      domain: ' NewBook.IN ',
      title: ' New Book ',
      aliasesText: 'newbook.com',
    });
    expect(request).toMatchObject({
      domain: 'newbook.in',
      entry: { theme: null, aliases: ['newbook.com'], casinoOnly: false, indexLanding: false },
      settings: {
        setting: {
          domain: 'newbook.in',
          domainTitle: 'New Book',
          description: '',
          mainLogo: '/cdn/assets/_default/logo.svg',
          favicon: '/cdn/assets/_default/logo.svg',
          baseUrl: '/api/',
          siteSuspended: false,
          showSupportLink: false,
          supportLink: '',
          showDepositW: true,
          football: true,
          tennis: true,
          cricket: true,
          kabaddi: false,
          horseRacing: false,
        },
        bonuses: [],
        events: [],
        games: [],
        tv: { enabled: false },
      },
      betting: {},
    });
  });
});
