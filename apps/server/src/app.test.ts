import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app';
import { build } from './test-helper';

const { app } = await build();

describe('the API envelope', () => {
  it('answers health with the database kind and installation id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, error: null, unAuthorizedRequest: false });
    expect(body.result.status).toBe('ok');
    expect(body.result.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.result.installationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown call with NOT_FOUND in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/No/Such' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      result: null,
      error: {
        code: 'NOT_FOUND',
        message: 'There is no API call GET /api/No/Such.',
        details: null,
      },
      unAuthorizedRequest: false,
    });
  });

  it('refuses malformed JSON with a clear message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/No/Such',
      headers: { 'content-type': 'application/json' },
      payload: '{"userNameOrEmailAddress": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'MALFORMED_REQUEST',
      message: 'The request body is not valid JSON.',
    });
  });

  it('refuses a body over the size limit before reading it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/No/Such',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends the security headers on every answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('the web client', () => {
  it('serves index.html for every client route, revalidated on each visit', async () => {
    for (const url of ['/', '/matchlist/3', '/markets/12/34', '/ProfitLoss', '/no/such/page?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Backlay test page');
    }
  });

  it('compresses what it serves for clients that accept it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('caches hashed assets for good and answers missing files with 404, not HTML', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/app-old.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('Backlay test page');
  });
});
