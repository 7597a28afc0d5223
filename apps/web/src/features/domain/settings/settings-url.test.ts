import { CACHE_KEY_MAX, CACHE_KEY_MIN } from '@backlay/contract/domain-settings';
import { describe, expect, it } from 'vitest';
import { cacheKey, defaultSettingsUrl, domainSettingsUrl } from './settings-url';

const fixedRandom = (value: number) => () => value;

function parse(url: string) {
  const parsed = new URL(url, 'http://localhost');
  return { path: parsed.pathname, v: Number(parsed.searchParams.get('v')) };
}

describe('domainSettingsUrl', () => {
  it.each([
    ['99exch.com', '/cdn/settings/99exch.com.json'],
    ['www.99exch.com', '/cdn/settings/99exch.com.json'],
    ['99exch.com.localhost', '/cdn/settings/99exch.com.json'],
    ['www.cricbet99.com.localhost', '/cdn/settings/cricbet99.com.json'],
    ['localhost', '/cdn/settings/test.json'],
    ['127.0.0.1', '/cdn/settings/test.json'],
    ['test.99exch.com', '/cdn/settings/test.json'],
    ['preview.backlay.app', '/cdn/settings/test.json'],
    ['staging.gold365.bet', '/cdn/settings/test.json'],
    ['unknown-brand.example', '/cdn/settings/unknown-brand.example.json'],
    ['99EXCH.COM', '/cdn/settings/99exch.com.json'],
  ])('names the settings file of %s', (hostname, path) => {
    expect(parse(domainSettingsUrl(hostname, fixedRandom(0.5))).path).toBe(path);
  });

  it('adds the cache key as the v parameter', () => {
    expect(domainSettingsUrl('99exch.com', fixedRandom(0))).toBe(
      `/cdn/settings/99exch.com.json?v=${CACHE_KEY_MIN}`,
    );
  });

  it('asks for the default-domain file beside it', () => {
    expect(parse(defaultSettingsUrl(fixedRandom(0.5))).path).toBe('/cdn/settings/default.json');
  });
});

describe('cacheKey', () => {
  it('spans the whole range, both ends included', () => {
    expect(cacheKey(fixedRandom(0))).toBe(CACHE_KEY_MIN);
    expect(cacheKey(fixedRandom(0.9999999))).toBe(CACHE_KEY_MAX);
  });

  it('is always an integer within 100..1000', () => {
    for (let i = 0; i < 2000; i++) {
      const key = cacheKey();
      expect(Number.isInteger(key)).toBe(true);
      expect(key).toBeGreaterThanOrEqual(100);
      expect(key).toBeLessThanOrEqual(1000);
    }
  });

  it('varies between loads', () => {
    const keys = new Set(Array.from({ length: 50 }, () => parse(domainSettingsUrl('localhost')).v));
    expect(keys.size).toBeGreaterThan(1);
  });
});
