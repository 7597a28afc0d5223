import type { ClaimBonusResult } from '@backlay/contract/bonuses';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { useClaimBonus } from '../api/claim-bonus';

const messages = i18n('bonus/referral-invite', {
  title: 'A friend invited you',
  lead: params(
    'You came with the referral code {code}. Use it and your friend is rewarded once you qualify, as the referral offer says.',
  ),
  use: 'Use this code',
  using: 'Saving…',
});

/** A friend's referral code from the link the player came by (`/bonus?ref=CODE`), to take. */
export function ReferralInvite({
  code,
  onTaken,
}: {
  code: string;
  onTaken: (result: ClaimBonusResult) => void;
}) {
  const t = useMessages(messages);
  const claim = useClaimBonus();
  return (
    <section className="bonus-card bonus-invite" aria-label={t.title}>
      <h2 className="bonus-card__title">{t.title}</h2>
      <p>{t.lead({ code })}</p>
      <Button
        variant="accent"
        disabled={claim.isPending}
        onClick={() => claim.mutate({ referral: code }, { onSuccess: onTaken })}
      >
        {claim.isPending ? t.using : t.use}
      </Button>
      {claim.isError ? (
        <p className="bonus-alert" role="alert">
          {errorMessage(claim.error)}
        </p>
      ) : null}
    </section>
  );
}
