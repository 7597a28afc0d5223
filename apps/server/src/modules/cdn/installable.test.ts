import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NAMED_THEME_COLOURS } from '@backlay/contract/brand-colours';
import type { WebAppManifest } from '@backlay/contract/installable';
import { REPO_ROOT } from '../../config';
import { build, fakeWebDist } from '../../test-helper';
import { artworkReader } from './installable';

// A stand-in build with its service worker, as the client's build emits it.
const webDistDir = fakeWebDist();
const WORKER = "self.addEventListener('fetch', () => undefined);\n";
fs.writeFileSync(path.join(webDistDir, 'sw.js'), WORKER);

const { app } = await build({ config: { webDistDir } });

function settingOf(domain: string): { domainTitle: string; description: string } {
  return JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'config/domains/settings', `${domain}.json`), 'utf8'),
  ).setting;
}

async function manifestOf(host: string): Promise<WebAppManifest> {
  const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host } });
  expect(res.statusCode, host).toBe(200);
  expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  return res.json<WebAppManifest>();
}

async function pageOf(host: string, url = '/') {
  const res = await app.inject({ method: 'GET', url, headers: { host } });
  expect(res.statusCode, `${host}${url}`).toBe(200);
  return res;
}

describe('/manifest.webmanifest', () => {
  it("answers each brand's own name and colours", async () => {
    const exch = await manifestOf('99exch.com');
    const purple = await manifestOf('purplebet.in');
    expect(exch).toMatchObject({
      id: '/',
      name: settingOf('99exch.com').domainTitle,
      short_name: settingOf('99exch.com').domainTitle,
      description: settingOf('99exch.com').description,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: NAMED_THEME_COLOURS['99exch'].browserBar,
      background_color: NAMED_THEME_COLOURS['99exch'].background,
    });
    expect(purple).toMatchObject({
      name: 'PurpleBet',
      theme_color: NAMED_THEME_COLOURS.purple.browserBar,
      background_color: NAMED_THEME_COLOURS.purple.background,
    });
    expect(purple.name).not.toBe(exch.name);
    expect(purple.theme_color).not.toBe(exch.theme_color);
  });

  it('colours a brand in no theme group from its bodyBgColor, as its page does', async () => {
    // wicketwin.com: bodyBgColor #064e3b (dark), so the bar is 40 % darker.
    expect(await manifestOf('wicketwin.com')).toMatchObject({
      name: 'WicketWin',
      theme_color: '#042f23',
      background_color: '#064e3b',
    });
  });

  it("lists 192 and 512 px icons and a maskable one, under the brand's name", async () => {
    const { icons } = await manifestOf('99exch.com');
    expect(icons.map(({ sizes, purpose, type }) => ({ sizes, purpose, type }))).toEqual([
      { sizes: '192x192', purpose: 'any', type: 'image/png' },
      { sizes: '512x512', purpose: 'any', type: 'image/png' },
      { sizes: '512x512', purpose: 'maskable', type: 'image/png' },
    ]);
    for (const icon of icons)
      expect(icon.src).toMatch(/^\/cdn\/pwa\/99exch\.com\/[a-z0-9-]+\.png\?v=[0-9a-f]{16}$/);
  });

  it('is the same brand on its aliases and its local preview host, and the test brand locally', async () => {
    const exch = await manifestOf('99exch.com');
    expect(await manifestOf('www.99exch.com')).toEqual(exch);
    expect(await manifestOf('99exch.com.localhost:8080')).toEqual(exch);
    expect((await manifestOf('localhost:8080')).name).toBe(settingOf('test').domainTitle);
  });

  it('is not found on a host that is no brand', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: 'unknown.example' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('/cdn/pwa icons', () => {
  it('are PNGs of the sizes the manifest states, on the theme colour', async () => {
    for (const host of ['99exch.com', 'purplebet.in']) {
      const manifest = await manifestOf(host);
      for (const icon of manifest.icons) {
        const res = await app.inject({ method: 'GET', url: icon.src, headers: { host } });
        expect(res.statusCode, icon.src).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toBe('public, max-age=86400');
        const meta = await sharp(res.rawPayload).metadata();
        const [width, height] = icon.sizes.split('x').map(Number);
        expect(meta, icon.src).toMatchObject({ format: 'png', width, height, hasAlpha: false });
        const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
        const corner = `#${[...data.subarray(0, 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
        expect(corner, icon.src).toBe(manifest.theme_color);
      }
    }
  });

  it('include a 180 px apple-touch-icon', async () => {
    const res = await app.inject({ method: 'GET', url: '/cdn/pwa/test/apple-touch-icon.png' });
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 180, height: 180 });
  });

  it('are not found for a name that is no brand, or a file that is no icon', async () => {
    for (const url of [
      '/cdn/pwa/unknown.example/icon-192.png',
      '/cdn/pwa/www.99exch.com/icon-192.png',
      '/cdn/pwa/..%2F..%2Fetc/icon-192.png',
      '/cdn/pwa/99exch.com/logo.svg',
      '/cdn/pwa/99exch.com/icon-1024.png',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('the page head', () => {
  it("links the brand's manifest and iOS icon and carries its theme colour", async () => {
    for (const [host, theme, brand] of [
      ['99exch.com', '99exch', '99exch.com'],
      ['purplebet.in', 'purple', 'purplebet.in'],
      ['www.purplebet.in', 'purple', 'purplebet.in'],
    ] as const) {
      for (const url of ['/', '/auth/login']) {
        const html = (await pageOf(host, url)).body;
        const head = html.slice(0, html.indexOf('</head>'));
        expect(head, host).toContain('<link rel="manifest" href="/manifest.webmanifest">');
        expect(head, host).toContain(
          `<meta name="theme-color" content="${NAMED_THEME_COLOURS[theme].browserBar}">`,
        );
        expect(head, host).toMatch(
          new RegExp(
            `<link rel="apple-touch-icon" href="/cdn/pwa/${brand}/apple-touch-icon\\.png\\?v=[0-9a-f]{16}">`,
          ),
        );
        expect(head.match(/name="theme-color"/g), host).toHaveLength(1);
      }
    }
  });

  it('carries only a theme colour on a host that is no brand', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: 'unknown.example' } });
    expect(res.body).toContain('<meta name="theme-color" content="#0d101f">');
    expect(res.body).not.toContain('rel="manifest"');
  });

  it('keeps its Content-Security-Policy, which lets this origin serve the manifest and worker', async () => {
    const res = await pageOf('99exch.com');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
    expect(policy).toContain("worker-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
  });
});

describe('/sw.js', () => {
  it('is served from the build as a script that is checked on every visit', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js', headers: { host: '99exch.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBeUndefined();
    expect(res.body).toBe(WORKER);
  });
});

describe('artworkReader', () => {
  const domainsDir = path.join(REPO_ROOT, 'config/domains');
  const uploaded = Buffer.from('uploaded');
  const read = artworkReader(domainsDir, {
    asset: async (wanted) =>
      wanted === '99exch.com/logo-0123456789abcdef.png'
        ? { contentType: 'image/png', bytes: uploaded }
        : undefined,
  });

  it("reads the seed's artwork and operators' uploads", async () => {
    expect(await read('/cdn/assets/99exch.com/favicon.svg')).toEqual(
      fs.readFileSync(path.join(domainsDir, 'assets/99exch.com/favicon.svg')),
    );
    expect(await read('/cdn/uploads/99exch.com/logo-0123456789abcdef.png?v=1')).toBe(uploaded);
  });

  it('reads nothing outside them, nothing missing and nothing from elsewhere', async () => {
    for (const url of [
      '/cdn/assets/../registry.json',
      '/cdn/assets/%2E%2E/registry.json',
      '/cdn/assets/99exch.com/missing.svg',
      '/cdn/assets/99exch.com/%E0.svg',
      '/cdn/uploads/99exch.com/logo-ffffffffffffffff.png',
      'https://images.example/logo.png',
      '/api/health',
    ]) {
      expect(await read(url), url).toBeUndefined();
    }
  });
});
