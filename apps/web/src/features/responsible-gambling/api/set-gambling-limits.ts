import type { GamblingSettings, SetGamblingLimits } from '@backlay/contract/responsible-gambling';
import { setGamblingLimitsRoute } from '@backlay/contract/responsible-gambling-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { gamblingSettingsQueryOptions } from './gambling-settings';

/**
 * Sets all six limits (`POST ResponsibleGambling/SetLimits`); each is rupees, or null for none.
 * The server answers the limits as they now stand: a lower one at once, a higher one waiting.
 */
export function setGamblingLimits(limits: SetGamblingLimits): Promise<GamblingSettings> {
  return callParsed(setGamblingLimitsRoute, { body: limits });
}

/** The save mutation: the answer replaces the limits query's data. */
export function useSetGamblingLimits() {
  const queryClient = useQueryClient();
  const { queryKey } = gamblingSettingsQueryOptions();
  return useMutation({
    mutationFn: setGamblingLimits,
    onSuccess: (settings) => queryClient.setQueryData(queryKey, settings),
  });
}
