import { i18n } from '../../../shared/i18n/i18n';
import type { TransactionType } from '../api/transaction-history';

/** The player's words for each kind of money movement, by the movement's type. */
export const transactionTypeMessages = i18n('account/transaction-types', {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  BET: 'Bet',
  SETTLEMENT: 'Settlement',
  COMMISSION: 'Commission',
  BONUS: 'Bonus',
  CASINO: 'Casino',
  ADJUSTMENT: 'Adjustment',
} satisfies Record<TransactionType, string>);
