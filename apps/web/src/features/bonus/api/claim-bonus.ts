import type { ClaimBonusResult } from '@backlay/contract/bonuses';
import { claimBonusRoute } from '@backlay/contract/bonus-calls';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { userInfoQueryOptions, writeUserBalance } from '../../../shared/session/user-info-query';
import { BONUSES_QUERY_KEY } from './bonuses';

/** What a claim names: an offer (a coupon's with its code), or a friend's referral code. */
export type ClaimBonusInput = { bonusId: string; coupon?: string } | { referral: string };

/**
 * Claims an offer or takes a referral code (`GET Bonus/Claim`, spec §7); claiming the same
 * bonus twice claims it once and answers ALREADY_CLAIMED.
 */
export function claimBonus(input: ClaimBonusInput): Promise<ClaimBonusResult> {
  return callParsed(claimBonusRoute, { query: input });
}

/** Writes what the claim answered into the header's figures: balance, exposure and bonus. */
function writeClaimedBalance(queryClient: QueryClient, result: ClaimBonusResult): void {
  writeUserBalance(queryClient, { balance: result.balance, exposure: result.exposure });
  queryClient.setQueryData(userInfoQueryOptions().queryKey, (held) =>
    held ? { ...held, bonus: result.bonusBalance } : held,
  );
}

/** The claim; the page's lists are read again and the header shows the new bonus wallet. */
export function useClaimBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimBonus,
    onSuccess: (result) => {
      writeClaimedBalance(queryClient, result);
      return queryClient.invalidateQueries({ queryKey: BONUSES_QUERY_KEY });
    },
  });
}
