import type { ReactNode } from 'react';
import { i18n, useMessages } from '../../../../shared/i18n/i18n';
import { Icon } from '../../../../shared/icons/icon';
import { circleCheckIcon } from '../../../../shared/icons/set/circle-check-icon';
import { paths } from '../../../../shared/paths';
import { Button, ButtonLink } from '../../../../shared/ui/button';

const messages = i18n('wallet/deposit-done', {
  requests: 'See your requests',
  another: 'Make another deposit',
});

/** What the page shows once a deposit is in: what happens next, and the way to another. */
export function DepositDone({
  title,
  children,
  onAnother,
}: {
  title: string;
  children: ReactNode;
  onAnother: () => void;
}) {
  const t = useMessages(messages);
  return (
    <section className="wallet-done" role="status" aria-label={title}>
      <Icon icon={circleCheckIcon} className="wallet-done__icon" />
      <h2 className="wallet-done__title">{title}</h2>
      <div className="wallet-done__text">{children}</div>
      <div className="wallet-done__actions">
        <ButtonLink to={paths.dwRequests.path} variant="primary">
          {t.requests}
        </ButtonLink>
        <Button variant="outline" onClick={onAnother}>
          {t.another}
        </Button>
      </div>
    </section>
  );
}
