import type { BonusOffer, ClaimBonusResult, OfferBlock } from '@backlay/contract/bonuses';
import { errorMessage } from '../../../shared/api/request-error';
import { formatRupees } from '../../../shared/format/money';
import { count, i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { giftIcon } from '../../../shared/icons/set/gift-icon';
import { paths, WALLET_MODES } from '../../../shared/paths';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { useClaimBonus } from '../api/claim-bonus';
import { BonusTerms } from './bonus-terms';

const messages = i18n('bonus/offer-card', {
  youGet: 'You get',
  shareUpTo: params('{percent}% up to {max}'),
  workedOutFrom: params('Worked out from {amount}'),
  claim: 'Claim bonus',
  claimNamed: params('Claim {title}'),
  claiming: 'Claiming…',
  usesLeft: count({
    one: 'You can have it once more',
    other: 'You can have it {count} more times',
  }),
  DEPOSIT_FIRST: 'Make a qualifying deposit first, then claim it here.',
  USED_UP: 'You have had this bonus as many times as it allows.',
  ALL_CLAIMED: 'Every bonus of this offer has been claimed.',
  ONE_ACTIVE: 'You have a bonus for the same product being wagered: finish it first.',
  deposit: 'Deposit',
});

const BLOCKS: readonly OfferBlock[] = ['DEPOSIT_FIRST', 'USED_UP', 'ALL_CLAIMED', 'ONE_ACTIVE'];

/**
 * An offer the player may claim, every term in view before the claim button; when it cannot be
 * claimed now, why (and, for a deposit bonus, the way to the deposit page).
 */
export function OfferCard({
  offer,
  coupon,
  onClaimed,
}: {
  offer: BonusOffer;
  /** The coupon code that brought a coupon's offer; sent with its claim. */
  coupon: string | null;
  onClaimed: (result: ClaimBonusResult) => void;
}) {
  const t = useMessages(messages);
  const claim = useClaimBonus();
  const { terms } = offer;
  const headline =
    offer.amount !== null
      ? formatRupees(offer.amount)
      : t.shareUpTo({ percent: String(terms.percent ?? ''), max: formatRupees(terms.maxAmount) });
  const block = offer.blocked !== null && BLOCKS.includes(offer.blocked) ? offer.blocked : null;

  const onClaim = () => {
    const input =
      terms.type === 'COUPON' && coupon !== null
        ? { bonusId: offer.id, coupon }
        : { bonusId: offer.id };
    claim.mutate(input, { onSuccess: onClaimed });
  };

  return (
    <article className="bonus-card bonus-card--offer" aria-label={offer.title}>
      <header className="bonus-card__head">
        <h3 className="bonus-card__title">{offer.title}</h3>
        {offer.description ? <p className="bonus-card__description">{offer.description}</p> : null}
      </header>
      <p className="bonus-card__amount">
        <span className="bonus-card__amount-label">{t.youGet}</span>
        <strong data-testid="offer-amount">{headline}</strong>
        {offer.qualifyingAmount !== null ? (
          <span className="bonus-card__amount-note">
            {t.workedOutFrom({ amount: formatRupees(offer.qualifyingAmount) })}
          </span>
        ) : null}
      </p>
      <BonusTerms terms={terms} required={offer.required} claimBy={offer.claimBy} />
      <footer className="bonus-card__foot">
        {offer.claimable ? (
          <>
            <p className="bonus-card__hint">{t.usesLeft(offer.usesLeft)}</p>
            <Button
              variant="accent"
              block
              icon={giftIcon}
              disabled={claim.isPending}
              aria-label={claim.isPending ? undefined : t.claimNamed({ title: offer.title })}
              onClick={onClaim}
            >
              {claim.isPending ? t.claiming : t.claim}
            </Button>
          </>
        ) : block !== null ? (
          <>
            <p className="bonus-card__blocked">{t[block]}</p>
            {block === 'DEPOSIT_FIRST' ? (
              <ButtonLink to={paths.depositW.getHref(WALLET_MODES.deposit)} variant="outline" block>
                {t.deposit}
              </ButtonLink>
            ) : null}
          </>
        ) : null}
        {claim.isError ? (
          <p className="bonus-alert" role="alert">
            {errorMessage(claim.error)}
          </p>
        ) : null}
      </footer>
    </article>
  );
}
