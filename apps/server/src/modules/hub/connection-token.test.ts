import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connectionTokens } from './connection-token';

const NOW = 1_800_000_000_000;
const tokens = connectionTokens(randomBytes(32));
const claims = { playerId: '0b5e8c1e-2f7a-4c55-9d1e-5a1b2c3d4e5f', domain: '99exch.com' };

describe('hub connection tokens', () => {
  it('give back their claims until they expire', () => {
    const issued = tokens.issue({ ...claims, expiresAtMs: NOW + 1_000 });
    expect(issued.connectionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(tokens.verify(issued.token, NOW)).toEqual({
      connectionId: issued.connectionId,
      ...claims,
      expiresAtMs: NOW + 1_000,
    });
    expect(tokens.verify(issued.token, NOW + 999)).not.toBeNull();
    expect(tokens.verify(issued.token, NOW + 1_000)).toBeNull();
  });

  it('carry a guest as no player', () => {
    const issued = tokens.issue({ playerId: null, domain: 'test', expiresAtMs: NOW + 1 });
    expect(tokens.verify(issued.token, NOW)?.playerId).toBeNull();
  });

  it('are new every time', () => {
    const one = tokens.issue({ ...claims, expiresAtMs: NOW + 1 });
    const two = tokens.issue({ ...claims, expiresAtMs: NOW + 1 });
    expect(one.connectionId).not.toBe(two.connectionId);
    expect(one.token).not.toBe(two.token);
  });

  it('refuse anything changed, forged, or signed with another key', () => {
    const { token } = tokens.issue({ ...claims, expiresAtMs: NOW + 1_000 });
    const [payload = '', mac = ''] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify(['id', 'someone-else', '99exch.com', NOW + 1_000]),
    ).toString('base64url');
    const flipped = `${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [
      `${forgedPayload}.${mac}`,
      `${payload}.${flipped}`,
      `${payload}.`,
      payload,
      '',
      'x'.repeat(2_000),
      connectionTokens(randomBytes(32)).issue({ ...claims, expiresAtMs: NOW + 1_000 }).token,
    ]) {
      expect(tokens.verify(bad, NOW), bad.slice(0, 40)).toBeNull();
    }
  });
});
