import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  rememberingVerifier,
  signAccessToken,
  verifyAccessToken,
  type AccessClaims,
} from './access-token';

const key = randomBytes(32);
const now = 1_800_000_000;
const claims: AccessClaims = {
  sub: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  dom: '99exch.com',
  demo: false,
  gen: 3,
  iat: now,
  exp: now + 600,
};
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('access tokens', () => {
  it('round-trip their claims until they expire', () => {
    const token = signAccessToken(claims, key);
    expect(verifyAccessToken(token, key, now + 599)).toEqual({ ok: true, claims });
    expect(verifyAccessToken(token, key, now + 600)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse a token signed with another key', () => {
    const token = signAccessToken(claims, randomBytes(32));
    expect(verifyAccessToken(token, key, now)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuse alg none and other algorithms, even with a valid-looking body', () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect(verifyAccessToken(none, key, now)).toEqual({
      ok: false,
      reason: 'unsupported_algorithm',
    });
    const hs512 = `${b64({ alg: 'HS512' })}.${b64(claims)}.${'x'.repeat(86)}`;
    expect(verifyAccessToken(hs512, key, now).ok).toBe(false);
  });

  it('refuse tampered claims', () => {
    const [h, , s] = signAccessToken(claims, key).split('.');
    const forged = `${h}.${b64({ ...claims, sub: 'someone-else' })}.${s}`;
    expect(verifyAccessToken(forged, key, now)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuse a correctly signed token that names no player id', () => {
    const token = signAccessToken({ ...claims, sub: "x'; DROP TABLE users; --" }, key);
    expect(verifyAccessToken(token, key, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('carry the session generation; one issued before generations existed is of the first', () => {
    expect(verifyAccessToken(signAccessToken(claims, key), key, now)).toMatchObject({
      ok: true,
      claims: { gen: 3 },
    });
    const { gen: _gen, ...older } = claims;
    const token = signAccessToken(older as AccessClaims, key);
    expect(verifyAccessToken(token, key, now)).toEqual({ ok: true, claims: { ...claims, gen: 0 } });
    for (const gen of [-1, 1.5, '2', null, 2 ** 60]) {
      const odd = signAccessToken({ ...claims, gen } as unknown as AccessClaims, key);
      expect(verifyAccessToken(odd, key, now), String(gen)).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('refuse garbage', () => {
    for (const junk of ['', 'a.b', 'a.b.c', '....', `${b64({ alg: 'HS256' })}.e30.`]) {
      expect(verifyAccessToken(junk, key, now).ok, junk).toBe(false);
    }
  });
});

describe('a remembering verifier', () => {
  /** A verifier with room for `capacity`, and how many tokens it checked in full. */
  function counting(capacity?: number) {
    let checked = 0;
    const verify = rememberingVerifier(key, capacity, (token, k, at) => {
      checked++;
      return verifyAccessToken(token, k, at);
    });
    return { verify, checked: () => checked };
  }

  it('checks a token once, then answers its claims until it expires', () => {
    const { verify, checked } = counting();
    const token = signAccessToken(claims, key);
    expect(verify(token, now)).toEqual({ ok: true, claims });
    expect(verify(token, now + 599)).toEqual({ ok: true, claims });
    expect(checked()).toBe(1);
    expect(verify(token, now + 600)).toEqual({ ok: false, reason: 'expired' });
    // Forgotten once expired: checked in full again, and expired still.
    expect(verify(token, now + 601)).toEqual({ ok: false, reason: 'expired' });
    expect(checked()).toBe(2);
  });

  it('never remembers a token that failed, nor takes a tampered one for a remembered one', () => {
    const { verify, checked } = counting();
    const token = signAccessToken(claims, key);
    const forged = signAccessToken(
      { ...claims, sub: '00000000-0000-4000-8000-000000000000' },
      randomBytes(32),
    );
    expect(verify(token, now).ok).toBe(true);
    expect(verify(forged, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verify(forged, now)).toEqual({ ok: false, reason: 'bad_signature' });
    const [h, p] = token.split('.');
    expect(verify(`${h}.${p}.${'A'.repeat(43)}`, now)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(checked()).toBe(4);
  });

  it('holds at most its capacity, dropping the oldest first', () => {
    const { verify, checked } = counting(2);
    const [a, b, c] = [1, 2, 3].map((gen) => signAccessToken({ ...claims, gen }, key)) as [
      string,
      string,
      string,
    ];
    for (const token of [a, b, c]) expect(verify(token, now).ok).toBe(true);
    expect(checked()).toBe(3);
    // b and c are remembered; a was dropped and is checked again.
    expect(verify(c, now).ok).toBe(true);
    expect(verify(b, now).ok).toBe(true);
    expect(checked()).toBe(3);
    expect(verify(a, now).ok).toBe(true);
    expect(checked()).toBe(4);
  });
});
