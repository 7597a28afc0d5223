import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BET_QUERY_KEYS } from '../../features/bets/api/bet-query-keys';
import { useShellStore } from '../../shared/shell/shell-store';
import { applyNavigationEffects } from './navigation-effects';

beforeEach(() => {
  useShellStore.getState().setLobbyMode(false);
});

describe('applyNavigationEffects', () => {
  it('turns off navbar scrolling and offers a way back to sports on entering the lobby', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyNavigationEffects(
      { redirectTo: null, reloadSettings: false, lobby: 'enter' },
      { queryClient, reloadSettings: vi.fn() },
    );
    expect(useShellStore.getState()).toMatchObject({ navbarScrollable: false, backToSports: true });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reverses both and refreshes expected profit/loss and open bets on leaving', () => {
    useShellStore.getState().setLobbyMode(true);
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyNavigationEffects(
      { redirectTo: null, reloadSettings: false, lobby: 'leave' },
      { queryClient, reloadSettings: vi.fn() },
    );
    expect(useShellStore.getState()).toMatchObject({ navbarScrollable: true, backToSports: false });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      BET_QUERY_KEYS.expectedProfitLoss,
      BET_QUERY_KEYS.openBets,
    ]);
  });

  it('reloads the settings when the guard asks', () => {
    const reloadSettings = vi.fn();
    applyNavigationEffects(
      { redirectTo: '/under-maintenance', reloadSettings: true, lobby: null },
      { queryClient: new QueryClient(), reloadSettings },
    );
    expect(reloadSettings).toHaveBeenCalledTimes(1);
  });
});
