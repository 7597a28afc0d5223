import type { Campaign } from '@backlay/contract/admin-bonuses';
import { bonusCampaignRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { CAMPAIGNS_QUERY_KEY } from './bonus-keys';

/** One campaign with every term (`GET bonuses/campaigns/detail`). */
export function fetchCampaign(id: string, signal?: AbortSignal): Promise<Campaign> {
  return callAdmin(bonusCampaignRoute, { id }, { signal });
}

export function campaignQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...CAMPAIGNS_QUERY_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => fetchCampaign(id, signal),
  });
}

export function useCampaign(id: string) {
  return useQuery(campaignQueryOptions(id));
}
