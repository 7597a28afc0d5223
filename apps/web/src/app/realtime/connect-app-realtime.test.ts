import { describe, expect, it } from 'vitest';
import { describeClient } from './connect-app-realtime';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

describe('describeClient', () => {
  it('tells the hub the browser, the domain setting’s domain and the current route', () => {
    expect(
      describeClient({
        userAgent: CHROME,
        hostname: 'www.99exch.com',
        settingDomain: '99exch.com',
        pathname: '/markets/12/34',
      }),
    ).toEqual({ browser: CHROME, domain: '99exch.com', currentPage: '/markets/12/34' });
  });

  it('uses the hostname until settings are known', () => {
    for (const settingDomain of [null, undefined, '  ']) {
      expect(
        describeClient({ userAgent: CHROME, hostname: 'localhost', settingDomain, pathname: '/' })
          .domain,
      ).toBe('localhost');
    }
  });

  it('keeps within the lengths the hub accepts', () => {
    const described = describeClient({
      userAgent: 'x'.repeat(600),
      hostname: 'localhost',
      settingDomain: 'test',
      pathname: `/${'p'.repeat(3000)}`,
    });
    expect(described.browser).toHaveLength(512);
    expect(described.currentPage).toHaveLength(2048);
  });
});
