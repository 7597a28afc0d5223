import type { Campaign } from '@backlay/contract/admin-bonuses';
import { formatRupees } from '../../../shared/format/money';
import { PRODUCT_LABELS } from './labels';

/** A campaign's bonus in a few words: `₹500.00`, or `100% up to ₹5,000.00`. */
export function bonusText(
  campaign: Pick<Campaign, 'amountKind' | 'amount' | 'percent' | 'maxAmount'>,
) {
  return campaign.amountKind === 'FIXED'
    ? formatRupees(campaign.amount)
    : `${campaign.percent ?? '—'}% up to ${formatRupees(campaign.maxAmount)}`;
}

/** A campaign's wagering in a few words: `5× on betting`, or `No wagering`. */
export function wageringText(campaign: Pick<Campaign, 'wageringMultiplier' | 'product'>) {
  return campaign.wageringMultiplier === 0
    ? 'No wagering'
    : `${campaign.wageringMultiplier}× on ${PRODUCT_LABELS[campaign.product].toLowerCase()}`;
}
