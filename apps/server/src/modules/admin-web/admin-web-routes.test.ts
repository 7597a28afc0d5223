import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../http/security-headers';
import { spaFallback, webRoutes } from '../web';
import { adminWebRoutes, NOT_BUILT_MESSAGE } from './admin-web-routes';

const ADMIN_HTML = '<!doctype html><html><head></head><body>back office</body></html>';
const WEB_HTML = '<!doctype html><html><head></head><body>player client</body></html>';

/** A build folder with the files given, inside a folder that also holds `secret.json`. */
function makeDist(files: Record<string, string>): string {
  const outer = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-admin-dist-'));
  fs.writeFileSync(path.join(outer, 'secret.json'), '{"secret":true}');
  const dir = path.join(outer, 'dist');
  fs.mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** The two clients as the app serves them: the player client at `/`, the back office at `/admin/`. */
async function buildServer(adminDistDir: string): Promise<FastifyInstance> {
  const webDistDir = makeDist({ 'index.html': WEB_HTML, 'assets/web-1.js': 'web()' });
  const app = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
  securityHeaders(app, { hsts: false });
  app.setNotFoundHandler(spaFallback(webDistDir));
  await app.register(adminWebRoutes, { adminDistDir });
  await app.register(webRoutes, { webDistDir, headTags: '' });
  // Stands in for the back office's API, which another module serves under the same prefix.
  app.get('/admin/api/session/me', async () => ({ success: true }));
  await app.ready();
  return app;
}

describe('the back office’s client under /admin/', () => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = makeDist({
      'index.html': ADMIN_HTML,
      'assets/index-abc123.js': 'console.log("admin")',
      'assets/index-abc123.css': 'body{}',
      'favicon.svg': '<svg/>',
    });
    app = await buildServer(dist);
  });
  afterAll(() => app.close());

  it.each([
    '/admin',
    '/admin/',
    '/admin/players',
    '/admin/players/6f1c2a3b',
    '/admin/markets/1.2345',
    '/admin/enrol',
    '/ADMIN/Audit',
  ])(
    'answers the page %s with the back office’s index, revalidated on every visit',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(ADMIN_HTML);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('puts the strict Content-Security-Policy on the back office’s page', async () => {
    const response = await app.inject({ method: 'GET', url: '/admin/players' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves hashed assets cached for good, and other files revalidated', async () => {
    const script = await app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("admin")');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await app.inject({ method: 'GET', url: '/admin/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not the page in disguise', async () => {
    const response = await app.inject({ method: 'GET', url: '/admin/assets/index-old.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('back office');
  });

  it.each([
    '/admin/..%2fsecret.json',
    '/admin/assets/..%2f..%2fsecret.json',
    '/admin/%2e%2e/secret.json',
  ])('never serves a file outside the build (%s)', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret');
  });

  it('leaves the back office’s API to its routes, and answers an unknown call in the envelope', async () => {
    const known = await app.inject({ method: 'GET', url: '/admin/api/session/me' });
    expect(known.json()).toEqual({ success: true });
    const unknown = await app.inject({ method: 'GET', url: '/admin/api/nothing/here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('leaves the player client where it was', async () => {
    const page = await app.inject({ method: 'GET', url: '/bet-history' });
    expect(page.body).toBe(WEB_HTML);
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.body).toBe(WEB_HTML);
    const script = await app.inject({ method: 'GET', url: '/assets/web-1.js' });
    expect(script.body).toBe('web()');
    // A path that merely starts with the same letters is not the back office.
    const other = await app.inject({ method: 'GET', url: '/administration' });
    expect(other.body).toBe(WEB_HTML);
  });
});

describe('the back office before it is built', () => {
  it('answers its pages with a 503 that says how to build it', async () => {
    const app = await buildServer(path.join(os.tmpdir(), 'backlay-admin-dist-missing'));
    const response = await app.inject({ method: 'GET', url: '/admin/players' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe(NOT_BUILT_MESSAGE);
    await app.close();
  });
});
