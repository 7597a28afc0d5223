import { describe, expect, it } from 'vitest';
import { build } from '../test-helper';
import { ConfigError } from '../config-error';
import {
  contentSecurityPolicy,
  frameOrigin,
  HSTS_VALUE,
  parseFrameOrigins,
  permissionsPolicy,
} from './security-headers';

const { app } = await build();

/** A policy's directives by name, each with its sources. */
function directives(policy: string | string[] | number | undefined): Map<string, string[]> {
  const entries = String(policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name);
  return new Map(entries.map(([name, ...sources]) => [name as string, sources]));
}

describe('the Content-Security-Policy of pages', () => {
  it('allows scripts, styles and calls from this origin only, and no plug-ins or bases', async () => {
    for (const url of ['/', '/auth/login', '/matchlist/3']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'gold365.bet' } });
      expect(res.headers['content-type'], url).toContain('text/html');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'ws://gold365.bet', 'wss://gold365.bet']);
      expect(csp.get('manifest-src')).toEqual(["'self'"]);
      expect(csp.get('worker-src')).toEqual(["'self'"]);
      expect(csp.get('frame-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
    }
  });

  it('never allows inline or evaluated script', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
  });

  it('names the WebSocket origin only for a plain Host header', () => {
    expect(directives(contentSecurityPolicy('localhost:8080')).get('connect-src')).toEqual([
      "'self'",
      'ws://localhost:8080',
      'wss://localhost:8080',
    ]);
    expect(directives(contentSecurityPolicy('[::1]:8080')).get('connect-src')).toContain(
      'wss://[::1]:8080',
    );
    for (const host of ['evil.example; script-src *', 'a b', '', undefined]) {
      expect(directives(contentSecurityPolicy(host)).get('connect-src'), host).toEqual(["'self'"]);
      expect(contentSecurityPolicy(host).split(';')).toHaveLength(13);
    }
  });

  it('is left off answers that are not pages', async () => {
    for (const url of ['/api/health', '/assets/app-1a2b3c.js', '/cdn/settings/test.json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBeUndefined();
    }
  });
});

describe('Permissions-Policy', () => {
  it('switches off what the product does not use and keeps full screen for the casino frame', async () => {
    for (const url of ['/', '/api/health']) {
      const policy = String(
        (await app.inject({ method: 'GET', url })).headers['permissions-policy'],
      );
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(policy, `${url} ${feature}`).toContain(`${feature}=()`);
      }
      expect(policy).toContain('fullscreen=(self)');
    }
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over TLS', async () => {
    const { app: proxied } = await build({ config: { trustProxy: true } });
    const res = await proxied.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  it('ignores X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent on every answer when HSTS is configured', async () => {
    const { app: always } = await build({ config: { hsts: true } });
    for (const url of ['/', '/api/health', '/api/No/Such']) {
      const res = await always.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });
});

describe('Cache-Control', () => {
  it('keeps every API answer out of caches: tokens, balances and failures alike', async () => {
    const login = await app.inject({ method: 'GET', url: '/api/Account/LoginAsDemoUser' });
    expect(login.json().result.accessToken).toBeTruthy();
    expect(login.headers['cache-control']).toBe('no-store');
    const token = login.json().result.accessToken as string;
    const info = await app.inject({
      method: 'GET',
      url: '/api/Setting/GetSetting',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/health', '/api/No/Such', '/api/Event/TreeSportWithEvent']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await app.inject({ method: 'POST', url: '/api/Account/Authenticate' });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it("leaves a route's own caching alone, and pages and files keep theirs", async () => {
    const settings = await app.inject({ method: 'GET', url: '/cdn/settings/test.json' });
    expect(settings.headers['cache-control']).toBe('public, max-age=60');
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});

describe("casino providers' frame origins", () => {
  const PROVIDERS = ['https://games.provider-one.com', 'https://live.provider-two.io:8443'];

  it('takes origins only, in their canonical form', () => {
    expect(frameOrigin('https://Games.Provider-One.com/')).toBe('https://games.provider-one.com');
    expect(frameOrigin(' https://live.provider-two.io:8443 ')).toBe(
      'https://live.provider-two.io:8443',
    );
    expect(frameOrigin('https://games.provider-one.com:443')).toBe(
      'https://games.provider-one.com',
    );
    // A provider run on this machine, for development.
    expect(frameOrigin('http://localhost:9000')).toBe('http://localhost:9000');
    for (const bad of [
      '*',
      'https://*',
      'https://*.provider-one.com',
      'https://games.provider-one.com/lobby',
      'https://games.provider-one.com/*',
      'https://games.provider-one.com?game=1',
      'https://games.provider-one.com#x',
      'https://user:secret@games.provider-one.com',
      'http://games.provider-one.com',
      'games.provider-one.com',
      "'self'",
      "https://games.provider-one.com; script-src 'unsafe-inline'",
      'https://games.provider-one.com https://evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'https://intranet',
      '',
    ]) {
      expect(frameOrigin(bad), bad).toBeNull();
    }
  });

  it('reads CASINO_PROVIDER_ORIGINS as a list, and refuses a bad entry by name', () => {
    expect(parseFrameOrigins('CASINO_PROVIDER_ORIGINS', undefined)).toEqual([]);
    expect(parseFrameOrigins('CASINO_PROVIDER_ORIGINS', ' ')).toEqual([]);
    expect(
      parseFrameOrigins(
        'CASINO_PROVIDER_ORIGINS',
        'https://games.provider-one.com, https://live.provider-two.io:8443,https://GAMES.provider-one.com/',
      ),
    ).toEqual(PROVIDERS);
    for (const bad of ['https://*.provider-one.com', 'https://games.provider-one.com/lobby', '*']) {
      expect(() => parseFrameOrigins('CASINO_PROVIDER_ORIGINS', `${PROVIDERS[0]},${bad}`)).toThrow(
        ConfigError,
      );
      expect(() => parseFrameOrigins('CASINO_PROVIDER_ORIGINS', bad)).toThrow(
        /CASINO_PROVIDER_ORIGINS.*got "/,
      );
    }
  });

  it("adds the configured origins to pages' frame-src and the game frame's features", async () => {
    const { app: casino } = await build({ config: { casinoProviderOrigins: PROVIDERS } });
    const page = await casino.inject({
      method: 'GET',
      url: '/casino',
      headers: { host: 'gold365.bet' },
    });
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('frame-src')).toEqual(["'self'", ...PROVIDERS]);
    // Nothing else widens.
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    const policy = String(page.headers['permissions-policy']);
    const allowed = `(self "${PROVIDERS[0]}" "${PROVIDERS[1]}")`;
    expect(policy).toContain(`fullscreen=${allowed}`);
    expect(policy).toContain(`autoplay=${allowed}`);
    expect(policy).toContain('camera=()');
    const api = await casino.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(api.headers['permissions-policy']).toBe(policy);
  });

  it("takes what the providers' configuration adds at the next answer, origins only", async () => {
    const { app: casino } = await build({
      config: { casinoProviderOrigins: [PROVIDERS[0] ?? ''] },
    });
    let configured: string[] = [];
    casino.frameSources.add(() => configured);
    const frameSrc = async () =>
      directives(
        (await casino.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      ).get('frame-src');
    expect(await frameSrc()).toEqual(["'self'", PROVIDERS[0]]);
    configured = [
      'https://studio.provider-three.com',
      PROVIDERS[0] ?? '',
      'https://*.wild.example',
      "https://studio.provider-three.com; script-src 'unsafe-eval'",
      'http://insecure.example',
    ];
    expect(await frameSrc()).toEqual(["'self'", PROVIDERS[0], 'https://studio.provider-three.com']);
    configured = [];
    expect(await frameSrc()).toEqual(["'self'", PROVIDERS[0]]);
  });

  it('keeps only its own origin with no provider', () => {
    expect(directives(contentSecurityPolicy('gold365.bet')).get('frame-src')).toEqual(["'self'"]);
    expect(permissionsPolicy()).toContain('fullscreen=(self)');
    expect(permissionsPolicy()).toContain('autoplay=(self)');
  });
});
