import type { ComponentsJSON, TranslationJSON } from '@nanostores/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { BASE_LOCALE, LOCALES, type Locale } from './locale';

/*
 * Every message the client defines must be translated into every language, and no
 * translation may outlive its message. The English comes from the library itself: each
 * `i18n()` definition enters its base language's cache as its module is imported.
 */

/** The app's source files, by path, for finding the modules that define messages. */
const SOURCES = import.meta.glob<string>(
  ['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../main.tsx'],
  { query: '?raw', import: 'default', eager: true },
);
const MODULES = import.meta.glob([
  '../../**/*.{ts,tsx}',
  '!../../**/*.test.{ts,tsx}',
  '!../../main.tsx',
]);
/** An `i18n('…', …)` definition; the modules without one are left unimported. */
const DEFINES_MESSAGES = /\bi18n\(\s*['"`]/;

/** The catalogs by language and file name (`hi/auth`); a file holds one prefix's components. */
const CATALOG_FILES = import.meta.glob<ComponentsJSON>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

type Catalogs = Map<string, ComponentsJSON>;

function catalogsOf(locale: Locale): Catalogs {
  const files: Catalogs = new Map();
  for (const [path, catalog] of Object.entries(CATALOG_FILES)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === locale && match[2]) files.set(match[2], catalog);
  }
  return files;
}

const paramsOf = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));

/** The forms a plural message needs in a language, e.g. `one` and `other` in Hindi. */
const pluralForms = (locale: Locale) =>
  new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];

/** What is wrong with one translated message, compared with its English. */
function messageProblems(
  locale: Locale,
  english: TranslationJSON,
  translated: TranslationJSON | undefined,
): string[] {
  if (translated === undefined) return ['missing'];
  if (typeof english === 'string') {
    if (typeof translated !== 'string') return ['is not a plain text like its English'];
    return textProblems(english, translated);
  }
  if (typeof translated === 'string') return ['is a plain text, its English has plural forms'];
  const englishParams = new Set(
    Object.values(english).flatMap((form) => (typeof form === 'string' ? [...paramsOf(form)] : [])),
  );
  const problems = pluralForms(locale)
    .filter((form) => !(form in translated))
    .map((form) => `lacks the plural form "${form}"`);
  for (const [form, text] of Object.entries(translated)) {
    if (typeof text !== 'string') problems.push(`${form}: is not a text`);
    else if (text.trim() === '') problems.push(`${form}: is empty`);
    else {
      const extra = [...paramsOf(text)].filter((name) => !englishParams.has(name));
      if (extra.length > 0) problems.push(`${form}: names {${extra.join('}, {')}}, unknown`);
    }
  }
  const other = translated.other;
  if (typeof other === 'string') {
    const dropped = [...englishParams].filter((name) => !paramsOf(other).has(name));
    if (dropped.length > 0) problems.push(`other: drops {${dropped.join('}, {')}}`);
  }
  return problems;
}

function textProblems(english: string, translated: string): string[] {
  if (translated.trim() === '') return ['is empty'];
  const problems: string[] = [];
  const dropped = [...paramsOf(english)].filter((name) => !paramsOf(translated).has(name));
  if (dropped.length > 0) problems.push(`drops {${dropped.join('}, {')}}`);
  const extra = [...paramsOf(translated)].filter((name) => !paramsOf(english).has(name));
  if (extra.length > 0) problems.push(`names {${extra.join('}, {')}}, which its English lacks`);
  return problems;
}

/**
 * Everything wrong with a language's catalogs, one line each: a component or message
 * missing, empty, in the wrong file, with a `{param}` dropped or made up, or stale.
 */
function catalogProblems(locale: Locale, english: ComponentsJSON, catalogs: Catalogs): string[] {
  const problems: string[] = [];
  for (const [component, messages] of Object.entries(english)) {
    const file = component.split('/')[0] ?? component;
    const translated = catalogs.get(file)?.[component];
    if (typeof messages !== 'object') continue;
    if (typeof translated !== 'object') {
      problems.push(`${locale}/${file}.json: "${component}" is missing`);
      continue;
    }
    for (const [key, text] of Object.entries(messages)) {
      for (const problem of messageProblems(locale, text, translated[key])) {
        problems.push(`${locale}/${file}.json: "${component}" ${key}: ${problem}`);
      }
    }
    for (const key of Object.keys(translated).filter((key) => !(key in messages))) {
      problems.push(`${locale}/${file}.json: "${component}" ${key}: stale, no such message`);
    }
  }
  for (const [file, catalog] of catalogs) {
    for (const component of Object.keys(catalog)) {
      if (!(component in english)) {
        problems.push(`${locale}/${file}.json: "${component}" is stale, no such component`);
      } else if (component.split('/')[0] !== file) {
        problems.push(`${locale}/${file}.json: "${component}" belongs in another file`);
      }
    }
  }
  return problems;
}

/** The components the app's source defines (`i18n('auth/login-page', …)`). */
const DEFINED = new Set(
  Object.values(SOURCES).flatMap((source) =>
    [...source.matchAll(/\bi18n\(\s*['"`]([^'"`]+)['"`]/g)].map((match) => match[1]),
  ),
);

/**
 * The English of every component the app defines. The library's cache also holds what tests
 * define, when they ran earlier in the same worker: those are not the app's.
 */
function englishMessages(): ComponentsJSON {
  const cached = (i18n.cache as unknown as Record<Locale, ComponentsJSON>)[BASE_LOCALE];
  return Object.fromEntries(Object.entries(cached).filter(([component]) => DEFINED.has(component)));
}

beforeAll(async () => {
  const defining = Object.keys(SOURCES).filter((path) =>
    DEFINES_MESSAGES.test(SOURCES[path] ?? ''),
  );
  await Promise.all(defining.map((path) => MODULES[path]?.()));
}, 60_000);

describe('the translations', () => {
  it('find the messages the app defines', () => {
    const components = Object.keys(englishMessages());
    // A handful of components is known to exist; the list grows as features are converted.
    expect(components).toEqual(
      expect.arrayContaining(['app/site-header', 'auth/login-page', 'shared/api-errors']),
    );
  });

  for (const locale of LOCALES.filter((l) => l !== BASE_LOCALE)) {
    it(`translate every message into ${locale}, and nothing else`, () => {
      expect(catalogProblems(locale, englishMessages(), catalogsOf(locale))).toEqual([]);
    });
  }
});

describe('the catalog check', () => {
  const english: ComponentsJSON = {
    'auth/login': {
      title: 'Login',
      welcome: 'Welcome, {name}',
      bets: { one: '{count} bet on {runner}', other: '{count} bets on {runner}' },
    },
    'auth/signup': { title: 'Sign up' },
  };
  const good: ComponentsJSON = {
    'auth/login': {
      title: 'लॉगिन',
      welcome: 'स्वागत है, {name}',
      bets: { one: '{runner} पर {count} बेट', other: '{runner} पर {count} बेट' },
    },
    'auth/signup': { title: 'साइन अप' },
  };

  it('passes a complete catalog', () => {
    expect(catalogProblems('hi', english, new Map([['auth', good]]))).toEqual([]);
  });

  it('names each thing wrong with a catalog', () => {
    const bad: ComponentsJSON = {
      'auth/login': {
        title: ' ',
        welcome: 'स्वागत है',
        bets: { other: '{runner} पर बेट {cuont}' },
        old: 'पुराना',
      },
      'auth/gone': { title: 'गया' },
      'sports/home': { title: 'होम' },
    };
    expect(catalogProblems('hi', english, new Map([['auth', bad]]))).toEqual([
      'hi/auth.json: "auth/login" title: is empty',
      'hi/auth.json: "auth/login" welcome: drops {name}',
      'hi/auth.json: "auth/login" bets: lacks the plural form "one"',
      'hi/auth.json: "auth/login" bets: other: names {cuont}, unknown',
      'hi/auth.json: "auth/login" bets: other: drops {count}',
      'hi/auth.json: "auth/login" old: stale, no such message',
      'hi/auth.json: "auth/signup" is missing',
      'hi/auth.json: "auth/gone" is stale, no such component',
      'hi/auth.json: "sports/home" is stale, no such component',
    ]);
  });
});
