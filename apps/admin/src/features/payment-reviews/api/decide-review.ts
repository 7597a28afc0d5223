import { decideGatewayReviewRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { REVIEWS_QUERY_KEY, type ReviewItem } from './gateway-reviews';

export type ReviewDecisionInput = AdminRequest<typeof decideGatewayReviewRoute>;

/** Credits or rejects a payment under review (`POST payments/gateway-reviews/decide`). */
export function decideReview(input: ReviewDecisionInput): Promise<ReviewItem> {
  return callAdmin(decideGatewayReviewRoute, input);
}

/**
 * Decides a payment; the queue is read again whatever the answer, since a refusal (decided by
 * someone else first) means the queue on screen is out of date too.
 */
export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY }),
  });
}
