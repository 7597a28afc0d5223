import type { Campaign } from '@backlay/contract/admin-bonuses';
import {
  createBonusCampaignRoute,
  pauseBonusCampaignRoute,
  updateBonusCampaignRoute,
} from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { CAMPAIGNS_QUERY_KEY } from './bonus-keys';
import { campaignQueryOptions } from './campaign';

export type CreateCampaignInput = AdminRequest<typeof createBonusCampaignRoute>;
export type UpdateCampaignInput = AdminRequest<typeof updateBonusCampaignRoute>;
export type PauseCampaignInput = AdminRequest<typeof pauseBonusCampaignRoute>;

/**
 * A new campaign (`POST bonuses/campaigns/create`); one that breaks a rule every campaign keeps
 * is refused with the rule's code.
 */
export function createCampaign(input: CreateCampaignInput): Promise<Campaign> {
  return callAdmin(createBonusCampaignRoute, input);
}

/** A campaign's terms changed, on the version they were read at (`POST bonuses/campaigns/update`). */
export function updateCampaign(input: UpdateCampaignInput): Promise<Campaign> {
  return callAdmin(updateBonusCampaignRoute, input);
}

/** A campaign paused or resumed (`POST bonuses/campaigns/pause`). */
export function pauseCampaign(input: PauseCampaignInput): Promise<Campaign> {
  return callAdmin(pauseBonusCampaignRoute, input);
}

/** The saved campaign is the detail's answer at once; every list is read again. */
function savedCampaign(queryClient: QueryClient, saved: Campaign) {
  queryClient.setQueryData(campaignQueryOptions(saved.id).queryKey, saved);
  return queryClient.invalidateQueries({
    queryKey: CAMPAIGNS_QUERY_KEY,
    predicate: (query) => query.queryKey[1] !== 'detail',
  });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: (saved) => savedCampaign(queryClient, saved),
  });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSuccess: (saved) => savedCampaign(queryClient, saved),
  });
}

export function usePauseCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseCampaign,
    onSuccess: (saved) => savedCampaign(queryClient, saved),
  });
}
