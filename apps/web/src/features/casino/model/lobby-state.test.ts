import { describe, expect, it } from 'vitest';
import { frameSource, readLobbyState } from './lobby-state';

const ORIGIN = 'https://99exch.com';

describe('the lobby frame’s source', () => {
  it('frames this site’s game pages by path and providers’ pages by address', () => {
    expect(frameSource('/games/test/mac/?token=t1&game=sbe_aviator', ORIGIN)).toBe(
      '/games/test/mac/?token=t1&game=sbe_aviator',
    );
    expect(frameSource('https://99exch.com/games/mac/?token=t1', ORIGIN)).toBe(
      '/games/mac/?token=t1',
    );
    expect(frameSource('https://games.provider.example/launch?t=1', ORIGIN)).toBe(
      'https://games.provider.example/launch?t=1',
    );
  });

  it('never frames a script, a data document or nothing', () => {
    expect(frameSource('javascript:alert(1)', ORIGIN)).toBeNull();
    expect(frameSource(' JavaScript:alert(1)', ORIGIN)).toBeNull();
    expect(frameSource('data:text/html,<p>hi</p>', ORIGIN)).toBeNull();
    expect(frameSource('', ORIGIN)).toBeNull();
    expect(frameSource(null, ORIGIN)).toBeNull();
  });
});

describe('the lobby’s navigation state', () => {
  const game = { gameCode: 'sbe_aviator', gameId: 201206, provider: 'mac', name: 'Sky Ace' };

  it('reads a request to open a game or the Dream lobby', () => {
    const state = { open: { kind: 'game', game }, launched: false, from: '/casino?q=sky' };
    expect(readLobbyState(state)).toEqual(state);
    expect(
      readLobbyState({ open: { kind: 'dream-lobby' }, launched: true, from: '/lobby-page/dream' }),
    ).not.toBeNull();
  });

  it('ignores anything else, a way back off this site among them', () => {
    expect(readLobbyState(null)).toBeNull();
    expect(readLobbyState({ open: { kind: 'game' }, launched: false, from: '/casino' })).toBeNull();
    expect(
      readLobbyState({ open: { kind: 'game', game }, launched: false, from: '//evil.example' }),
    ).toBeNull();
  });
});
