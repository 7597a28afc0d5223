import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { build } from '../../test-helper';

const { app } = await build();
const settingsDir = path.join(REPO_ROOT, 'config/domains/settings');

describe('/cdn/settings', () => {
  it("serves a brand's settings, seeded from its file, with a short cache", async () => {
    const res = await app.inject({ method: 'GET', url: '/cdn/settings/99exch.com.json?v=512' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { bonuses, ...rest } = res.json() as { bonuses: { id: string; title: string }[] };
    const file = JSON.parse(fs.readFileSync(path.join(settingsDir, '99exch.com.json'), 'utf8'));
    expect(rest).toEqual({ ...file, bonuses: undefined });
    // The bonuses are the brand's public campaigns (a fresh install's welcome bonus), not the file's.
    expect(bonuses).toEqual([
      expect.objectContaining({ title: 'Welcome bonus: 100% of your first deposit' }),
    ]);
  });

  it('serves the test and default-domain files', async () => {
    for (const name of ['test', 'default']) {
      const res = await app.inject({ method: 'GET', url: `/cdn/settings/${name}.json` });
      expect(res.statusCode, name).toBe(200);
    }
  });

  it('answers a domain without settings with a message the client can show', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/cdn/settings/unknown.example.json?v=100',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'No settings are published for unknown.example. This site is not available.',
      details: null,
    });
  });

  it('refuses names that could reach outside the settings folder', async () => {
    for (const url of [
      '/cdn/settings/..%2F..%2Fpackage.json',
      '/cdn/settings/..%2Fregistry.json',
      '/cdn/settings/.json',
      '/cdn/settings/a..b.json',
      '/cdn/settings/registry',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('/cdn/assets', () => {
  it('serves brand logos as SVG', async () => {
    const res = await app.inject({ method: 'GET', url: '/cdn/assets/gold365.bet/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
  });

  it('answers a missing asset with 404 in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/cdn/assets/nobody/logo.svg' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
