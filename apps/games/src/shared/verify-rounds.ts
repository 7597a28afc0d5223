/**
 * The recent rounds beside every game's verify page, loaded alike (each game reads and shows
 * its own).
 */
import { useEffect, useState } from 'react';

export type LoadRounds = () => Promise<unknown>;

/** The recent rounds, beside the verify page (`GET …/<gameCode>/rounds`). */
export const loadRecentRounds: LoadRounds = async () => {
  const response = await fetch(new URL('rounds', window.location.href));
  if (!response.ok) throw new Error(`rounds answered ${response.status}`);
  return response.json();
};

/** The recent rounds read with `read`: null while they load, `failed` if they did not come. */
export function useRecentRounds<T>(
  loadRounds: LoadRounds,
  read: (value: unknown) => T | null,
): T | null | 'failed' {
  const [rounds, setRounds] = useState<T | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    loadRounds()
      .then((value) => live && setRounds(read(value) ?? 'failed'))
      .catch(() => live && setRounds('failed'));
    return () => {
      live = false;
    };
  }, [loadRounds, read]);
  return rounds;
}
