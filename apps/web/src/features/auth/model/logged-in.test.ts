import { describe, expect, it } from 'vitest';
import { EMPTY_SESSION, type SessionState } from '../../../shared/session/session-store';
import { loggedInPlayer } from './logged-in';
import { pathAfterLogin } from './path-after-login';

const NOW_MS = 1_800_000_000_000;

function session(overrides: Partial<SessionState> = {}): SessionState {
  return {
    accessToken: 'token-1',
    refreshToken: 'refresh-1',
    expiresAtMs: NOW_MS + 60_000,
    userInfo: {
      userId: 'u1',
      userName: 'alice',
      isDemo: false,
      balance: 0,
      exposure: 0,
      football: true,
      tennis: true,
      cricket: true,
      kabaddi: true,
      horseRacing: true,
      stakes: null,
    },
    ...overrides,
  };
}

describe('who is logged in', () => {
  it('is the player of a stored token that has not expired', () => {
    expect(loggedInPlayer(session(), NOW_MS)).toEqual({ userName: 'alice' });
  });

  it('is nobody without a token, or once it has expired', () => {
    expect(loggedInPlayer(EMPTY_SESSION, NOW_MS)).toBeNull();
    expect(loggedInPlayer(session({ expiresAtMs: NOW_MS }), NOW_MS)).toBeNull();
    expect(loggedInPlayer(session({ expiresAtMs: NOW_MS - 1 }), NOW_MS)).toBeNull();
  });

  it('trusts a token whose expiry was never stored, as the guard does', () => {
    expect(loggedInPlayer(session({ expiresAtMs: null }), NOW_MS)).not.toBeNull();
  });

  it('has no name to greet when the user info holds none', () => {
    expect(loggedInPlayer(session({ userInfo: null }), NOW_MS)).toEqual({ userName: null });
    const blank = session().userInfo;
    expect(
      loggedInPlayer(session({ userInfo: blank && { ...blank, userName: '  ' } }), NOW_MS),
    ).toEqual({ userName: null });
  });
});

describe('where a login continues', () => {
  it('goes to a safe `to` on this site', () => {
    expect(pathAfterLogin('/bet-history?page=2')).toBe('/bet-history?page=2');
  });

  it('goes to the landing page without one, or for one that leaves the site or loops', () => {
    for (const to of [null, '', 'https://evil.example/', '//evil.example', '/auth/logout']) {
      expect(pathAfterLogin(to), String(to)).toBe('/');
    }
  });
});
