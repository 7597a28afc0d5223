import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { depositIcon } from '../../../shared/icons/set/deposit-icon';
import { xmarkIcon } from '../../../shared/icons/set/xmark-icon';
import { paths, WALLET_MODES } from '../../../shared/paths';
import { useUserInfo } from '../../../shared/session/user-info-query';
import type { FeatureStorageKey } from '../../../shared/storage/storage-keys';
import { writeText } from '../../../shared/storage/storage';
import { useStoredText } from '../../../shared/storage/use-stored-text';
import { ButtonLink } from '../../../shared/ui/button';
import { playerRequestsQueryOptions } from '../api/player-requests';
import { mayNeedFirstDeposit, noDepositYet, welcomesOn } from '../model/first-deposit';
import './first-deposit-prompt.css';

/** Who put the prompt away on this device: their user name. */
export const FIRST_DEPOSIT_DISMISSED_KEY =
  'firstDepositPromptDismissed' satisfies FeatureStorageKey;

const messages = i18n('wallet/first-deposit-prompt', {
  title: 'Your account is ready',
  body: 'Add money to place your first bet. It shows in your balance as soon as it is credited.',
  deposit: 'Deposit now',
  notNow: 'Not now',
});

/**
 * A new real-money player's welcome at ₹0: their account is ready, and a deposit is how to
 * start, one tap away. Shown until the player has a deposit on its way or credited, or puts it
 * away (remembered on this device); never to a demo player, nor over an event's prices or on
 * the deposit page itself.
 */
export default function FirstDepositPrompt() {
  const t = useMessages(messages);
  const titleId = useId();
  const info = useUserInfo();
  const { pathname } = useLocation();
  const dismissedBy = useStoredText(FIRST_DEPOSIT_DISMISSED_KEY);
  const dismissed = info !== null && dismissedBy === info.userName;
  const candidate = mayNeedFirstDeposit(info) && !dismissed && welcomesOn(pathname);
  const deposits = useQuery({
    ...playerRequestsQueryOptions({ kind: 'DEPOSIT', page: 0 }),
    enabled: candidate,
  });
  if (!candidate || !deposits.data || !noDepositYet(deposits.data.items)) {
    return null;
  }
  return (
    <section className="first-deposit" aria-labelledby={titleId}>
      <Icon icon={depositIcon} className="first-deposit__icon" />
      <div className="first-deposit__text">
        <h2 className="first-deposit__title" id={titleId}>
          {t.title}
        </h2>
        <p className="first-deposit__body">{t.body}</p>
      </div>
      <ButtonLink
        to={paths.depositW.getHref(WALLET_MODES.deposit)}
        variant="accent"
        size="sm"
        className="first-deposit__action"
      >
        {t.deposit}
      </ButtonLink>
      <button
        type="button"
        className="first-deposit__dismiss"
        aria-label={t.notNow}
        title={t.notNow}
        onClick={() => {
          if (info) writeText(FIRST_DEPOSIT_DISMISSED_KEY, info.userName);
        }}
      >
        <Icon icon={xmarkIcon} />
      </button>
    </section>
  );
}
