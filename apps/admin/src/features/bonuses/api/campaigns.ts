import { bonusCampaignsRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { CAMPAIGNS_QUERY_KEY } from './bonus-keys';

export type CampaignList = AdminResult<typeof bonusCampaignsRoute>;

/** A brand's campaigns, or every covered brand's without one (`GET bonuses/campaigns`). */
export function fetchCampaigns(brand: string | null, signal?: AbortSignal): Promise<CampaignList> {
  return callAdmin(bonusCampaignsRoute, { brand: brand ?? undefined }, { signal });
}

export function campaignsQueryOptions(brand: string | null) {
  return queryOptions({
    queryKey: [...CAMPAIGNS_QUERY_KEY, 'list', { brand }] as const,
    queryFn: ({ signal }) => fetchCampaigns(brand, signal),
  });
}

export function useCampaigns(brand: string | null) {
  return useQuery(campaignsQueryOptions(brand));
}
