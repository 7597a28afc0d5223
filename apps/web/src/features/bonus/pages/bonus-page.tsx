import type { BonusList, ClaimBonusResult } from '@backlay/contract/bonuses';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/request-error';
import { formatRupees } from '../../../shared/format/money';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { useBonuses } from '../api/bonuses';
import { ActiveBonusCard } from '../components/active-bonus-card';
import { CouponForm } from '../components/coupon-form';
import { OfferCard } from '../components/offer-card';
import { PastBonuses } from '../components/past-bonuses';
import { ReferralBox } from '../components/referral-box';
import { ReferralInvite } from '../components/referral-invite';
import { claimNoticeKey } from '../model/claim-outcome';
import '../components/bonus.css';

const messages = i18n('bonus/bonus-page', {
  lead: 'Offers on your account and how to claim them.',
  loading: 'Loading your bonuses…',
  retry: 'Try again',
  wallet: 'Bonus wallet',
  walletNote:
    'Kept apart from your cash until it is wagered. Your own deposits stay yours to withdraw at any time.',
  active: 'Being wagered',
  noActive: 'No bonus is being wagered.',
  offers: 'Offers',
  noOffers: 'No offers for you right now.',
  coupon: 'Have a coupon?',
  referral: 'Invite friends',
  past: 'Past bonuses',
  noPast: 'No past bonuses yet.',
  BREAK: 'You are on a break: bonuses are not offered or claimed until it ends.',
  SELF_EXCLUDED: 'Your account is self-excluded: bonuses are not offered or claimed.',
  DEMO: 'Bonuses are for registered players: sign up with your mobile number to claim them.',
  claimed: params('{title} claimed: {amount} is in your bonus wallet.'),
  claimedAsCash: params('{title} claimed: {amount} is now cash in your balance.'),
  alreadyClaimed: params('You claimed {title} already: nothing was added again.'),
  referred: 'Your friend’s code is saved: they are rewarded once you qualify.',
  alreadyReferred: 'You joined with a friend’s code already: nothing changed.',
});

type Messages = ReturnType<typeof messages.get>;

/** The sentence that says what a claim did, with the bonus's own title and amount. */
function claimNotice(t: Messages, result: ClaimBonusResult): string {
  const key = claimNoticeKey(result);
  const values = {
    title: result.bonus?.title ?? '',
    amount: formatRupees(result.bonus?.amount),
  };
  if (key === 'referred' || key === 'alreadyReferred') return t[key];
  return t[key](values);
}

/** A titled part of the page. */
function Part({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`bonus-part ${className ?? ''}`} aria-label={title}>
      <h2 className="bonus-part__title">{title}</h2>
      {children}
    </section>
  );
}

function BonusContent({
  data,
  coupon,
  couponFound,
  onCoupon,
  referralCode,
  onClaimed,
}: {
  data: BonusList;
  coupon: string | null;
  couponFound: boolean | null;
  onCoupon: (code: string | null) => void;
  referralCode: string | null;
  onClaimed: (result: ClaimBonusResult) => void;
}) {
  const t = useMessages(messages);
  const restricted = data.restriction !== null;
  const invite =
    referralCode !== null && !restricted && data.referral?.code !== referralCode
      ? referralCode
      : null;
  return (
    <div className="bonus-page__content">
      <div className="bonus-wallet" data-testid="bonus-wallet">
        <span className="bonus-wallet__label">{t.wallet}</span>
        <strong className="bonus-wallet__value" data-testid="bonus-balance">
          {formatRupees(data.bonusBalance)}
        </strong>
        <p className="bonus-wallet__note">{t.walletNote}</p>
      </div>
      {data.restriction !== null ? (
        <p className="bonus-notice" role="status">
          {t[data.restriction]}
        </p>
      ) : null}
      {invite !== null ? <ReferralInvite code={invite} onTaken={onClaimed} /> : null}
      <Part title={t.active}>
        {data.active.length === 0 ? (
          <p className="bonus-empty">{t.noActive}</p>
        ) : (
          <div className="bonus-grid">
            {data.active.map((bonus) => (
              <ActiveBonusCard key={bonus.id} bonus={bonus} />
            ))}
          </div>
        )}
      </Part>
      {!restricted ? (
        <Part title={t.offers}>
          {data.available.length === 0 ? (
            <p className="bonus-empty">{t.noOffers}</p>
          ) : (
            <div className="bonus-grid">
              {data.available.map((offer) => (
                <OfferCard key={offer.id} offer={offer} coupon={coupon} onClaimed={onClaimed} />
              ))}
            </div>
          )}
        </Part>
      ) : null}
      <div className="bonus-page__extras">
        {!restricted ? (
          <Part title={t.coupon} className="bonus-card">
            <CouponForm applied={coupon} found={couponFound} onApply={onCoupon} />
          </Part>
        ) : null}
        {data.referral !== null ? (
          <Part title={t.referral} className="bonus-card">
            <ReferralBox referral={data.referral} />
          </Part>
        ) : null}
      </div>
      <Part title={t.past}>
        {data.past.length === 0 ? (
          <p className="bonus-empty">{t.noPast}</p>
        ) : (
          <PastBonuses bonuses={data.past} />
        )}
      </Part>
    </div>
  );
}

/**
 * `/bonus`: the player's bonus wallet, the offers with every term in view before the claim,
 * the bonuses being wagered with their meters and countdowns, a coupon box, the player's
 * referral link, and past bonuses. A link with `?ref=CODE` offers to take a friend's code.
 * Everything shown is what `Bonus/GetBonuses` answered; nothing is made up.
 */
export default function BonusPage() {
  const t = useMessages(messages);
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get('ref')?.trim() || null;
  const [coupon, setCoupon] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const bonuses = useBonuses(coupon);

  const couponFound =
    coupon === null || bonuses.isPlaceholderData || bonuses.data === undefined
      ? null
      : bonuses.data.available.some((offer) => offer.terms.type === 'COUPON');

  return (
    <Page lead={t.lead} className="bonus-page">
      {notice !== null ? (
        <p className="bonus-success" role="status" data-testid="claim-notice">
          {notice}
        </p>
      ) : null}
      {bonuses.data !== undefined ? (
        <BonusContent
          data={bonuses.data}
          coupon={coupon}
          couponFound={couponFound}
          onCoupon={(code) => {
            setNotice(null);
            setCoupon(code);
          }}
          referralCode={referralCode}
          onClaimed={(result) => setNotice(claimNotice(t, result))}
        />
      ) : bonuses.isError ? (
        <StateMessage
          kind="error"
          action={
            <Button variant="outline" onClick={() => void bonuses.refetch()}>
              {t.retry}
            </Button>
          }
        >
          {errorMessage(bonuses.error)}
        </StateMessage>
      ) : (
        <StateMessage kind="loading">{t.loading}</StateMessage>
      )}
    </Page>
  );
}
