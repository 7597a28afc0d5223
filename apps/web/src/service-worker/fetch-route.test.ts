import { describe, expect, it } from 'vitest';
import { fetchRoute, type FetchFacts } from './fetch-route';

const ORIGIN = 'https://99exch.com';

/** A request as the worker sees it: a same-origin GET without a token unless told otherwise. */
function request(path: string, facts: Partial<FetchFacts> = {}): FetchFacts {
  return {
    method: 'GET',
    url: new URL(path, ORIGIN).href,
    mode: 'cors',
    hasAuthorization: false,
    origin: ORIGIN,
    ...facts,
  };
}

const page = (path: string, facts: Partial<FetchFacts> = {}) =>
  request(path, { mode: 'navigate', ...facts });

describe('fetchRoute', () => {
  it("answers the player client's page loads: network first, the kept shell offline", () => {
    for (const path of ['/', '/auth/login', '/matchlist/3', '/markets/1.234?tab=fancy', '/lobby']) {
      expect(fetchRoute(page(path)), path).toBe('page');
    }
  });

  it("answers the build's hashed files from the cache first", () => {
    for (const path of ['/assets/index-Cgx5UKMt.js', '/assets/index-BAkqkSGO.css']) {
      expect(fetchRoute(request(path)), path).toBe('asset');
    }
  });

  it('never answers the API, the hub, settings or any other brand file', () => {
    for (const path of [
      '/api/Account/Login',
      '/api/health',
      '/hubs/main',
      '/hubs/main/negotiate?negotiateVersion=1',
      '/cdn/settings/99exch.com.json?v=512',
      '/cdn/assets/99exch.com/logo.svg',
      '/cdn/uploads/99exch.com/logo-0123456789abcdef.png',
      '/cdn/pwa/99exch.com/icon-192.png?v=1',
      '/manifest.webmanifest',
      '/sw.js',
    ]) {
      expect(fetchRoute(request(path)), path).toBe('network');
    }
  });

  it('leaves a call that carries a token to the network, whatever its path', () => {
    for (const path of ['/api/User/GetUserInfo', '/assets/index-Cgx5UKMt.js', '/']) {
      expect(fetchRoute(request(path, { hasAuthorization: true })), path).toBe('network');
      expect(fetchRoute(page(path, { hasAuthorization: true })), path).toBe('network');
    }
  });

  it("does not give other apps' pages the player's shell", () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/brands',
      '/ADMIN/players',
      '/games/crash',
      '/pay/plink_123',
      '/sandbox-gateway/v1/payment_links',
      '/api/health',
      '/hubs/main',
      '/cdn/settings/99exch.com.json',
    ]) {
      expect(fetchRoute(page(path)), path).toBe('network');
    }
  });

  it('leaves other methods, other origins and odd asset URLs alone', () => {
    expect(fetchRoute(request('/assets/index-Cgx5UKMt.js', { method: 'HEAD' }))).toBe('network');
    expect(fetchRoute(page('/', { method: 'POST' }))).toBe('network');
    expect(fetchRoute(request('https://cdn.example.com/assets/x-1.js'))).toBe('network');
    expect(fetchRoute(page('https://other.example/'))).toBe('network');
    expect(fetchRoute(request('/assets/index-Cgx5UKMt.js?v=2'))).toBe('network');
    expect(fetchRoute(request('/assetsx/index.js'))).toBe('network');
    // A page path that only starts like another app's is still the player's.
    expect(fetchRoute(page('/administration'))).toBe('page');
    expect(fetchRoute(page('/payments'))).toBe('page');
  });
});
