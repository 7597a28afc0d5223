import type { CampaignFigures } from '@backlay/contract/admin-bonuses';
import { bonusCampaignFiguresRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { CAMPAIGNS_QUERY_KEY } from './bonus-keys';

/** A campaign's claimed, wagered, converted, expired and cost (`GET bonuses/campaigns/figures`). */
export function fetchCampaignFigures(id: string, signal?: AbortSignal): Promise<CampaignFigures> {
  return callAdmin(bonusCampaignFiguresRoute, { id }, { signal });
}

export function campaignFiguresQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...CAMPAIGNS_QUERY_KEY, 'figures', id] as const,
    queryFn: ({ signal }) => fetchCampaignFigures(id, signal),
  });
}

export function useCampaignFigures(id: string) {
  return useQuery(campaignFiguresQueryOptions(id));
}
