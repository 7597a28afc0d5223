import { rupeesSchema } from '@backlay/contract/bets';
import type { PaymentInfo } from '@backlay/contract/wallet';
import { formatRupees } from '../../../shared/format/money';
import { translateFormMessage } from '../../../shared/forms/form-messages';
import { i18n, params } from '../../../shared/i18n/i18n';

const messages = i18n('wallet/amount', {
  limits: params('Min {min} · Max {max}'),
  enterAmount: 'Enter an amount',
  leastDeposit: params('The least you can deposit at once is {amount}'),
  leastWithdraw: params('The least you can withdraw at once is {amount}'),
  mostDeposit: params('The most you can deposit at once is {amount}'),
  mostWithdraw: params('The most you can withdraw at once is {amount}'),
  withdrawable: params('You can withdraw up to {amount} now'),
  allowance: params('Your deposit limits let you deposit up to {amount} now'),
});

/** The limit messages by the payment's verb: Hindi words each sentence its own way. */
const LIMIT_MESSAGES = {
  deposit: { least: 'leastDeposit', most: 'mostDeposit' },
  withdraw: { least: 'leastWithdraw', most: 'mostWithdraw' },
} as const;

/** The quick amounts offered beside the amount field, in rupees. */
export const QUICK_AMOUNTS = [500, 1_000, 5_000, 10_000] as const;

/** The least and most one payment may be, from the payment info. */
export interface AmountLimits {
  min: number;
  max: number;
}

/** The quick amounts brought inside the limits, each once, smallest first. */
export function quickAmounts({ min, max }: AmountLimits): number[] {
  const clamped = QUICK_AMOUNTS.map((amount) => Math.min(max, Math.max(min, amount)));
  return [...new Set(clamped)].sort((a, b) => a - b);
}

/** An amount as typed (digit grouping allowed), or NaN when nothing readable was typed. */
export function parseAmount(text: string): number {
  const cleaned = text.replace(/[,\s₹]/g, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

/** "Min ₹500.00 · Max ₹1,00,000.00", the hint under an amount field. */
export function limitsHint({ min, max }: AmountLimits): string {
  return messages.get().limits({ min: formatRupees(min), max: formatRupees(max) });
}

/**
 * What is wrong with a typed amount, or null: the contract's rule for rupees first (a
 * positive number with at most two decimals), then the payment's limits.
 */
export function amountError(
  text: string,
  { min, max }: AmountLimits,
  verb: 'deposit' | 'withdraw',
): string | null {
  const t = messages.get();
  const parsed = rupeesSchema.safeParse(parseAmount(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]?.message;
    return issue === undefined ? t.enterAmount : translateFormMessage(issue);
  }
  const keys = LIMIT_MESSAGES[verb];
  if (parsed.data < min) return t[keys.least]({ amount: formatRupees(min) });
  if (parsed.data > max) return t[keys.most]({ amount: formatRupees(max) });
  return null;
}

/**
 * What is wrong with a typed withdrawal, or null: the withdrawal limits, then the cash the
 * player may withdraw now (not held for bets or pending withdrawals).
 */
export function withdrawalAmountError(
  text: string,
  limits: AmountLimits,
  withdrawable: number,
): string | null {
  const error = amountError(text, limits, 'withdraw');
  if (error !== null) return error;
  return parseAmount(text) > withdrawable
    ? messages.get().withdrawable({ amount: formatRupees(withdrawable) })
    : null;
}

/** What the deposit tab needs of the payment info to check an amount. */
export type DepositInfo = Pick<PaymentInfo, 'minDeposit' | 'maxDeposit' | 'depositAllowance'>;

/**
 * The range one deposit may take now: the brand's, its top brought down to what the player's
 * own deposit limits leave (when they set any).
 */
export function depositLimits(info: DepositInfo): AmountLimits {
  const max =
    info.depositAllowance === null
      ? info.maxDeposit
      : Math.min(info.maxDeposit, info.depositAllowance);
  return { min: info.minDeposit, max };
}

/**
 * Whether the player's own deposit limits leave room for a deposit: none set, or at least the
 * least deposit left. Without room the player must not be shown a way to pay, only to be
 * refused once they have paid.
 */
export function depositRoomLeft(info: DepositInfo): boolean {
  return info.depositAllowance === null || info.depositAllowance >= info.minDeposit;
}

/** "Your deposit limits let you deposit up to ₹2,000.00 now". */
export function depositAllowanceText(allowance: number): string {
  return messages.get().allowance({ amount: formatRupees(allowance) });
}

/**
 * What is wrong with a typed deposit, or null: the brand's deposit limits, then what the
 * player's own deposit limits leave.
 */
export function depositAmountError(text: string, info: DepositInfo): string | null {
  const error = amountError(text, { min: info.minDeposit, max: info.maxDeposit }, 'deposit');
  if (error !== null) return error;
  return info.depositAllowance !== null && parseAmount(text) > info.depositAllowance
    ? depositAllowanceText(info.depositAllowance)
    : null;
}
