import type { CasinoCallback } from '../api/casino-round';

/** A callback as the round's table lists it, with the money it moved. */
export type CallbackRow = CasinoCallback & { moved: number };

/**
 * Each callback with what it moved: its own amount, but for a rollback that gave a debit back,
 * that debit's amount. A rollback names no amount of its own (the contract's rollback gives back
 * whatever the debit took), so the wallet records it as zero.
 */
export function callbackRows(callbacks: readonly CasinoCallback[]): CallbackRow[] {
  return callbacks.map((callback) => {
    const given =
      callback.kind === 'rollback'
        ? callbacks.find(
            (debit) => debit.kind === 'debit' && debit.rolledBackBy === callback.transactionId,
          )
        : undefined;
    return { ...callback, moved: given?.amount ?? callback.amount };
  });
}
