import type { TransactionType } from '../api/transaction-history';

/** The player's words for each kind of money movement. */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  BET: 'Bet',
  SETTLEMENT: 'Settlement',
  COMMISSION: 'Commission',
  BONUS: 'Bonus',
  CASINO: 'Casino',
  ADJUSTMENT: 'Adjustment',
};
