import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  defaultDomainSettingsSchema,
  domainSettingsResponseSchema,
} from '@backlay/contract/domain-settings';
import {
  findDomain,
  parseBrandMeta,
  withBrand,
  isSafeSettingsName,
  isTestHost,
  REGISTRY,
  servedHostname,
  settingsNameFor,
  THEME_NAMES,
  themeFor,
} from './registry';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const assetExists = (url: string) =>
  fs.existsSync(path.join(root, 'assets', url.replace(/^\/cdn\/assets\//, '')));

describe('the domain registry', () => {
  it('lists at least 30 distinct domains', () => {
    const names = REGISTRY.domains.map((d) => d.domain);
    expect(names.length).toBeGreaterThanOrEqual(30);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every domain a complete, valid settings file whose assets exist', () => {
    for (const entry of REGISTRY.domains) {
      const parsed = domainSettingsResponseSchema.safeParse(
        readJson(`settings/${entry.domain}.json`),
      );
      expect(parsed.success, `${entry.domain}: ${parsed.error?.message}`).toBe(true);
      if (!parsed.success) continue;
      const setting = parsed.data.setting;
      expect(setting.domain).toBe(entry.domain);
      expect(assetExists(setting.mainLogo), setting.mainLogo).toBe(true);
      expect(assetExists(setting.favicon), setting.favicon).toBe(true);
      expect(isSafeSettingsName(entry.domain)).toBe(true);
    }
  });

  it('has valid test and default-domain files', () => {
    expect(domainSettingsResponseSchema.safeParse(readJson('settings/test.json')).success).toBe(
      true,
    );
    const defaults = defaultDomainSettingsSchema.parse(readJson('settings/default.json'));
    expect(defaults.primaryColour).toBe('#7367F0');
    expect(assetExists(defaults.defaultLogo) && assetExists(defaults.loginBackground)).toBe(true);
  });

  it('uses only named themes, and every named theme has a group', () => {
    const used = new Set(REGISTRY.domains.map((d) => d.theme).filter(Boolean));
    for (const theme of used) expect(THEME_NAMES).toContain(theme);
    for (const theme of THEME_NAMES) expect(used.has(theme), theme).toBe(true);
  });

  it('flags a suspended domain and both landing variants somewhere', () => {
    expect(REGISTRY.domains.some((d) => d.casinoOnly)).toBe(true);
    expect(REGISTRY.domains.some((d) => d.indexLanding)).toBe(true);
    const suspended = REGISTRY.domains.filter(
      (d) =>
        domainSettingsResponseSchema.parse(readJson(`settings/${d.domain}.json`)).setting
          .siteSuspended,
    );
    expect(suspended.map((d) => d.domain)).toEqual(['closedbook.in']);
  });
});

describe('hostname resolution', () => {
  it('sends localhost, loopback, test and preview hosts to the test file', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '[::1]',
      'test.99exch.com',
      'preview.backlay.app',
      'LOCALHOST.',
    ]) {
      expect(isTestHost(host, REGISTRY), host).toBe(true);
      expect(settingsNameFor(host, REGISTRY), host).toBe('test');
    }
  });

  it('serves <domain>.localhost as the domain', () => {
    expect(servedHostname('gold365.bet.localhost', REGISTRY)).toBe('gold365.bet');
    expect(settingsNameFor('gold365.bet.localhost', REGISTRY)).toBe('gold365.bet');
    expect(settingsNameFor('www.gold365.bet.localhost', REGISTRY)).toBe('gold365.bet');
    expect(themeFor('gold365.bet.localhost', REGISTRY)).toBe('gold365');
    expect(settingsNameFor('test.localhost', REGISTRY)).toBe('test');
  });

  it('resolves domains and aliases, case-insensitively', () => {
    expect(settingsNameFor('99exch.com', REGISTRY)).toBe('99exch.com');
    expect(settingsNameFor('WWW.99EXCH.COM', REGISTRY)).toBe('99exch.com');
    expect(findDomain('aviatorclub.in', REGISTRY)?.casinoOnly).toBe(true);
    expect(findDomain('grandexch.com', REGISTRY)?.indexLanding).toBe(true);
  });

  it('asks an unregistered host for a file of its own name', () => {
    expect(settingsNameFor('unknown.example', REGISTRY)).toBe('unknown.example');
    expect(themeFor('unknown.example', REGISTRY)).toBeNull();
    expect(themeFor('wicketwin.com', REGISTRY)).toBeNull();
  });

  it('accepts only file-safe settings names', () => {
    for (const bad of ['../x', 'a/b', '.hidden', 'a..b', '', 'x.', 'UPPER', 'a b']) {
      expect(isSafeSettingsName(bad), bad).toBe(false);
    }
    expect(isSafeSettingsName('99exch.com')).toBe(true);
  });
});

describe('a brand the page names (a brand made after the code was built)', () => {
  const fresh = {
    domain: 'fresh.in',
    theme: 'purple' as const,
    aliases: ['www.fresh.in'],
    casinoOnly: true,
    indexLanding: false,
  };

  it('reads the meta tag only when every field is there and well typed', () => {
    expect(parseBrandMeta(JSON.stringify(fresh))).toEqual(fresh);
    for (const bad of [
      null,
      '',
      'not json',
      JSON.stringify({ ...fresh, theme: 'neon' }),
      JSON.stringify({ ...fresh, aliases: [1] }),
      JSON.stringify({ ...fresh, casinoOnly: 'yes' }),
      JSON.stringify({ theme: null }),
    ]) {
      expect(parseBrandMeta(bad), String(bad)).toBeUndefined();
    }
  });

  it('resolves the brand, its aliases, previews, theme and settings name through it', () => {
    const registry = withBrand(REGISTRY, fresh);
    for (const host of ['fresh.in', 'www.fresh.in', 'fresh.in.localhost']) {
      expect(findDomain(host, registry)?.casinoOnly, host).toBe(true);
      expect(themeFor(host, registry), host).toBe('purple');
      expect(settingsNameFor(host, registry), host).toBe('fresh.in');
    }
    expect(findDomain('www.fresh.in', REGISTRY)).toBeUndefined();
    // A served entry replaces the shipped one of the same domain.
    const renamed = withBrand(REGISTRY, { ...fresh, domain: '99exch.com', aliases: [] });
    expect(renamed.domains.filter((d) => d.domain === '99exch.com')).toHaveLength(1);
    expect(themeFor('99exch.com', renamed)).toBe('purple');
    expect(withBrand(REGISTRY, undefined)).toBe(REGISTRY);
  });
});
