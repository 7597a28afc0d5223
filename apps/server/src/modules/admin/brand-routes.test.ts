import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import type { Brand, CreateBrandRequest } from '@backlay/contract/admin-brands';
import { BRAND_META_NAME } from '@backlay/domains/registry';
import { buildApp } from '../../app';
import { loadLimitSettings } from '../limits';
import { TEST_BACKENDS, testAppConfig, migratedTestDatabase } from '../../test-helper';
import { signUpPlayer } from '../account/account-test-kit';
import { adminApp, adminKit } from './admin-test-kit';

/** A value the test needs to go on: throws (failing the test) when it is missing. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value, got none');
  return value;
}

const ip = () => `198.18.${randomInt(256)}.${randomInt(256)}`;
/** A 1×1 PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const svg = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">${body}</svg>`,
  ).toString('base64');

/** A new brand's request, from another brand's document. */
function newBrand(template: Brand, domain: string, change: Partial<CreateBrandRequest> = {}) {
  return {
    domain,
    entry: {
      theme: 'purple' as const,
      aliases: [`www.${domain}`],
      casinoOnly: false,
      indexLanding: false,
    },
    settings: {
      ...template.settings,
      setting: {
        ...template.settings.setting,
        domain,
        domainTitle: 'Fresh Exchange',
        siteSuspended: false,
      },
    },
    betting: { all: { minStake: 500, maxStake: 20_000, maxLiability: 100_000 } },
    ...change,
  };
}

describe.each(TEST_BACKENDS)('brands in the back office (%s)', (backend) => {
  it('creates a brand that is served at once: settings, page, sign-up, betting rules', async () => {
    const { app, db, call, owner } = await adminApp(backend, Date.now());
    const boss = await owner('brand.owner');
    const register = () =>
      app.inject({
        method: 'POST',
        url: '/api/Account/Register',
        headers: { host: 'fresh.in' },
        payload: {},
      });
    expect((await register()).statusCode).toBe(503);
    const settingsBefore = await app.inject({
      url: '/cdn/settings/fresh.in.json',
      headers: { host: 'fresh.in' },
    });
    expect(settingsBefore.statusCode).toBe(404);

    const template = await call(calls.brandRoute, {
      token: boss.token,
      input: { domain: 'backlay.app' },
    });
    expect(template.result?.version).toBe(1);
    const created = await call(calls.createBrandRoute, {
      token: boss.token,
      input: newBrand(must(template.result), 'fresh.in'),
    });
    expect(created.error).toBeNull();
    expect(created.result).toMatchObject({
      domain: 'fresh.in',
      version: 1,
      updatedBy: 'brand.owner',
    });

    const settings = await app.inject({
      url: '/cdn/settings/fresh.in.json?v=123',
      headers: { host: 'fresh.in' },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.headers['cache-control']).toBe('public, max-age=60');
    expect(settings.json().setting).toMatchObject({
      domain: 'fresh.in',
      domainTitle: 'Fresh Exchange',
    });

    // The page tells the client which brand it is, theme included, on the host and its preview.
    for (const host of ['fresh.in', 'www.fresh.in', 'fresh.in.localhost']) {
      const page = await app.inject({ url: '/sports', headers: { host } });
      const meta = new RegExp(`<meta name="${BRAND_META_NAME}" content="([^"]+)">`).exec(page.body);
      expect(meta, host).not.toBeNull();
      expect(JSON.parse(must(meta?.[1]).replaceAll('&quot;', '"'))).toMatchObject({
        domain: 'fresh.in',
        theme: 'purple',
      });
    }
    const test = await app.inject({ url: '/sports', headers: { host: 'localhost' } });
    expect(test.body).not.toContain(BRAND_META_NAME);

    const player = await signUpPlayer(app, db, { host: 'fresh.in', ip: ip() });
    expect(player.id).not.toBe('');
    const limits = app.rules.limits('fresh.in', 3, 'MATCH_ODDS');
    expect(limits).toMatchObject({ minStakeMinor: 50_000, maxStakeMinor: 2_000_000 });
    expect(app.rules.siteSuspended('fresh.in')).toBe(false);
    // Past the gate now: the empty request is refused for what it is, not for the host.
    expect((await register()).json().error.code).toBe('VALIDATION_FAILED');

    const audit = await call(calls.auditLogRoute, {
      token: boss.token,
      input: { action: 'brand.create' },
    });
    expect(audit.result?.items[0]).toMatchObject({ brand: 'fresh.in', targetId: 'fresh.in' });
  });

  it('refuses a stale edit, keeps every version, and restores an old one as a new version', async () => {
    const { app, call, owner } = await adminApp(backend, Date.now());
    const boss = await owner('brand.editor');
    const brand = must(
      (await call(calls.brandRoute, { token: boss.token, input: { domain: 'gold365.bet' } }))
        .result,
    );
    const edit = (title: string, version: number) =>
      call(calls.updateBrandRoute, {
        token: boss.token,
        input: {
          domain: brand.domain,
          version,
          entry: brand.entry,
          settings: {
            ...brand.settings,
            setting: { ...brand.settings.setting, domainTitle: title },
          },
          betting: brand.betting,
        },
      });

    // Two operators save on the same version at once: one wins, the other is told to reload.
    const [first, second] = await Promise.all([edit('Gold One', 1), edit('Gold Two', 1)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const winner = first.status === 200 ? 'Gold One' : 'Gold Two';
    const stale = await edit('Gold Three', 1);
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toMatch(/reload/i);

    const served = await app.inject({ url: '/cdn/settings/gold365.bet.json' });
    expect(served.json().setting.domainTitle).toBe(winner);

    const restored = await edit(brand.settings.setting.domainTitle, 2);
    expect(restored.result?.version).toBe(3);
    const history = await call(calls.brandVersionsRoute, {
      token: boss.token,
      input: { domain: 'gold365.bet' },
    });
    expect(history.result?.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(history.result?.versions.map((v) => v.changedBy)).toEqual([
      'brand.editor',
      'brand.editor',
      null,
    ]);
    expect(history.result?.versions[1]?.document.settings.setting.domainTitle).toBe(winner);
  });

  it('refuses hostnames another brand serves, mismatched settings and bad input, creating nothing', async () => {
    const { app, call, owner } = await adminApp(backend, Date.now());
    const boss = await owner('brand.checker');
    const template = must(
      (await call(calls.brandRoute, { token: boss.token, input: { domain: 'test' } })).result,
    );
    const attempts = [
      newBrand(template, 'taken.in', {
        entry: { theme: null, aliases: ['www.99exch.com'], casinoOnly: false, indexLanding: false },
      }),
      newBrand(template, 'www.cricbet99.com'),
      { ...newBrand(template, 'mismatch.in'), settings: template.settings },
      newBrand(template, 'bad host.in'),
      newBrand(template, 'preview.in.localhost'),
      newBrand(template, 'staging.fresh.in'),
      newBrand(template, 'limits.in', {
        betting: { all: { minStake: 900, maxStake: 100, maxLiability: 1 } },
      }),
    ];
    const statuses = [];
    for (const input of attempts) {
      const res = await call(calls.createBrandRoute, { token: boss.token, input });
      statuses.push(res.status);
      expect(res.error?.code, input.domain).toBe('VALIDATION_FAILED');
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
    const again = await call(calls.createBrandRoute, {
      token: boss.token,
      input: newBrand(template, '99exch.com'),
    });
    expect(again.status).toBe(409);
    const list = await call(calls.brandsRoute, { token: boss.token });
    const domains = must(list.result).brands.map((b) => b.domain);
    for (const name of ['taken.in', 'mismatch.in', 'limits.in', 'www.cricbet99.com']) {
      expect(domains).not.toContain(name);
    }
    expect(domains.at(-1)).toBe('test');
    expect((await app.inject({ url: '/cdn/settings/taken.in.json' })).statusCode).toBe(404);
  });

  it('keeps brand-scoped operators to their brands and the platform to every-brand roles', async () => {
    const { app, call, owner, operator } = await adminApp(backend, Date.now());
    const boss = await owner('brand.boss');
    const scoped = await operator(boss.token, 'brand.scoped', 'brand_admin', ['99exch.com']);
    const list = await call(calls.brandsRoute, { token: scoped.token });
    expect(list.result?.brands.map((b) => b.domain)).toEqual(['99exch.com']);
    const other = await call(calls.brandRoute, {
      token: scoped.token,
      input: { domain: 'gold365.bet' },
    });
    expect(other.status).toBe(403);
    const own = must(
      (await call(calls.brandRoute, { token: scoped.token, input: { domain: '99exch.com' } }))
        .result,
    );
    const create = await call(calls.createBrandRoute, {
      token: scoped.token,
      input: newBrand(own, 'scoped.in'),
    });
    expect(create.status).toBe(403);
    const defaults = must((await call(calls.bettingDefaultsRoute, { token: scoped.token })).result);
    const platform = await call(calls.updateBettingDefaultsRoute, {
      token: scoped.token,
      input: { version: defaults.version, rules: { ...defaults.rules, commissionPercent: 9 } },
    });
    expect(platform.status).toBe(403);
    const mine = await call(calls.updateBrandRoute, {
      token: scoped.token,
      input: {
        domain: own.domain,
        version: own.version,
        entry: own.entry,
        settings: own.settings,
        betting: { commissionPercent: 4, cashOut: false },
      },
    });
    expect(mine.result?.betting).toEqual({ commissionPercent: 4, cashOut: false });
    // Served at once: the brand's players are offered no cash out.
    expect(app.rules.cashOutEnabled('99exch.com')).toBe(false);
    expect(app.rules.cashOutEnabled('gold365.bet')).toBe(true);

    const owned = await call(calls.updateBettingDefaultsRoute, {
      token: boss.token,
      input: { version: defaults.version, rules: { ...defaults.rules, commissionPercent: 3 } },
    });
    expect(owned.result).toMatchObject({ version: defaults.version + 1, updatedBy: 'brand.boss' });
  });

  it('stores a checked logo under its content and refuses what is not a clean image', async () => {
    const { app, call, owner } = await adminApp(backend, Date.now());
    const boss = await owner('brand.artist');
    const upload = (dataBase64: string, version: number, kind: 'logo' | 'favicon' = 'logo') =>
      call(calls.uploadBrandAssetRoute, {
        token: boss.token,
        input: { domain: 'redline.bet', kind, dataBase64, version },
      });
    const refused = [
      await upload(svg('<script>alert(1)</script>'), 1),
      await upload(svg('<rect onload="alert(1)" width="1" height="1"/>'), 1),
      await upload(svg('<image href="https://elsewhere.example/x.png"/>'), 1),
      await upload(Buffer.from('hello, not an image').toString('base64'), 1),
      await upload(Buffer.alloc(170 * 1024, 1).toString('base64'), 1),
    ];
    for (const res of refused) expect(res.error?.code).toBe('VALIDATION_FAILED');
    const unchanged = await call(calls.brandRoute, {
      token: boss.token,
      input: { domain: 'redline.bet' },
    });
    expect(unchanged.result?.version).toBe(1);

    const logo = await upload(PNG_BASE64, 1);
    expect(logo.error).toBeNull();
    const url = must(logo.result).settings.setting.mainLogo;
    expect(url).toMatch(/^\/cdn\/uploads\/redline\.bet\/logo-[0-9a-f]{16}\.png$/);
    const served = await app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
    const published = await app.inject({ url: '/cdn/settings/redline.bet.json' });
    expect(published.json().setting.mainLogo).toBe(url);

    const icon = await upload(svg('<circle cx="5" cy="5" r="4" fill="#c00"/>'), 2, 'favicon');
    expect(icon.result?.settings.setting.favicon).toMatch(/favicon-[0-9a-f]{16}\.svg$/);
    expect(
      (await app.inject({ url: '/cdn/uploads/redline.bet/logo-0000000000000000.png' })).statusCode,
    ).toBe(404);
    for (const url of ['/cdn/uploads/redline.bet/..%2F..%2Fpasswd', '/cdn/uploads/redline.bet']) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});

describe('brand uploads under a burst', () => {
  it('lets exactly the limit through when uploads arrive all at once', async () => {
    const config = testAppConfig({
      limits: loadLimitSettings({ LIMIT_BRAND_UPLOADS_OPERATOR: '3/10m' }),
    });
    const db = await migratedTestDatabase('pglite');
    const app = await buildApp({ config, db, logger: false });
    try {
      const { call, owner } = adminKit(app);
      const boss = await owner('burst.owner');
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          call(calls.uploadBrandAssetRoute, {
            token: boss.token,
            input: { domain: 'test', kind: 'logo', dataBase64: PNG_BASE64, version: 1 },
          }),
        ),
      );
      const limited = results.filter((r) => r.status === 429).length;
      expect(limited).toBe(9);
      // Of the three let through, the version lets one change the brand.
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

// Two instances on one PostgreSQL and one Redis: a brand created through A is served by B
// without a restart, as B hears of the change on the backplane.
const { DATABASE_URL, REDIS_URL } = process.env;
describe.runIf(Boolean(DATABASE_URL && REDIS_URL))('brands across instances', () => {
  it('serves a brand created on one instance from the other within moments', async () => {
    const db = await migratedTestDatabase('postgres');
    const config = testAppConfig({ redisUrl: REDIS_URL ?? null });
    const a = await buildApp({ config, db, logger: false });
    const b = await buildApp({ config, db, logger: false });
    try {
      const { call, owner } = adminKit(a);
      const boss = await owner('scale.owner');
      const template = must(
        (await call(calls.brandRoute, { token: boss.token, input: { domain: 'test' } })).result,
      );
      const onB = () =>
        b.inject({ url: '/cdn/settings/across.in.json', headers: { host: 'across.in' } });
      expect((await onB()).statusCode).toBe(404);
      await call(calls.createBrandRoute, {
        token: boss.token,
        input: newBrand(template, 'across.in'),
      });
      const started = Date.now();
      let status = 404;
      while (status !== 200 && Date.now() - started < 5_000) {
        status = (await onB()).statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(status).toBe(200);
      // Well before the safety reload (a minute): the backplane carried it.
      expect(Date.now() - started).toBeLessThan(5_000);
      const gate = await b.inject({
        method: 'POST',
        url: '/api/Account/Register',
        headers: { host: 'www.across.in' },
        payload: {},
      });
      expect(gate.json().error.code).toBe('VALIDATION_FAILED');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
