import { useEffect, useState } from 'react';
import { useBetSlip, type BetSelection, type OneTapBet } from '../../bets/index';
import { errorMessage, RequestError } from '../../../shared/api/request-error';
import { toast, toastStore } from '../../../shared/toasts/toast-store';
import { usePlaceBet } from '../api/place-bet';
import { SubmissionKeys, type BetSubmission } from '../model/idempotency';
import { placedMessage, placingMessage } from '../model/placed-message';
import type { SlipHandOff } from '../model/slip-hand-off';

/**
 * One-tap bets already sent. A tap is one object in the slip store, so however often an
 * effect sees it (React runs effects twice in development), it is placed once.
 */
const sent = new WeakSet<OneTapBet>();

/** A one-tap bet that failed, and what its slip starts from. */
export interface OneTapHandOff {
  selection: BetSelection;
  slip: SlipHandOff;
}

/**
 * Places the one-tap bet the slip store holds (a price tapped with one-tap betting on)
 * through the same placement call as the slip, with a toast while it is on its way and one
 * with the result. A bet that fails opens the slip with its error, as the slip shows its own,
 * and answers what that slip starts from; a player who has moved on gets the error as a toast.
 */
export function useOneTapBets(): OneTapHandOff | null {
  const tapped = useBetSlip((s) => s.oneTap);
  const { mutateAsync } = usePlaceBet();
  const [handOff, setHandOff] = useState<OneTapHandOff | null>(null);

  useEffect(() => {
    if (!tapped || sent.has(tapped)) return;
    sent.add(tapped);
    const { selection, stake } = tapped;
    const bet: BetSubmission = {
      marketId: selection.marketId,
      runnerId: selection.runnerId,
      side: selection.side,
      price: selection.price,
      stake,
    };
    const keys = new SubmissionKeys();
    const idempotencyKey = keys.keyFor(bet);
    const notice = toast.info(placingMessage(selection, stake));
    // Still the bet the store waits for: the player has not left the page meanwhile.
    const awaited = () => useBetSlip.getState().oneTap === tapped;
    mutateAsync({ ...bet, idempotencyKey }).then(
      (result) => {
        keys.settle(bet, idempotencyKey, false);
        toastStore.getState().dismiss(notice);
        toast.success(placedMessage(result.bet));
        if (awaited()) useBetSlip.getState().oneTapAnswered();
      },
      (error: unknown) => {
        const retryable = error instanceof RequestError && error.retryable;
        keys.settle(bet, idempotencyKey, retryable);
        toastStore.getState().dismiss(notice);
        const failure = { message: errorMessage(error), retryable };
        if (awaited()) {
          setHandOff({ selection, slip: { stake, failure, keys } });
          useBetSlip.getState().openSlip(selection, stake);
        } else {
          toast.error(failure.message);
        }
      },
    );
  }, [tapped, mutateAsync]);

  return handOff;
}
