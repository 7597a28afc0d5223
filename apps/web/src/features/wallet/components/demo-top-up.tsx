import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { plusIcon } from '../../../shared/icons/set/plus-icon';
import { toast } from '../../../shared/toasts/toast-store';
import { Button } from '../../../shared/ui/button';

const messages = i18n('wallet/demo-top-up', {
  done: 'Your play money has been topped up.',
  topUp: 'Top up play money',
});

/** Tops up a demo player's play money; the call loads on the first press. */
export function DemoTopUp() {
  const t = useMessages(messages);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const onClick = async () => {
    setPending(true);
    try {
      const { topUpDemoBalance } = await import('../api/top-up-demo-balance');
      await topUpDemoBalance(queryClient);
      toast.success(messages.get().done);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Button
      variant="accent"
      size="sm"
      icon={plusIcon}
      className="wallet-box__top-up"
      disabled={pending}
      aria-busy={pending}
      onClick={() => void onClick()}
    >
      <span className="wallet-box__top-up-label">{t.topUp}</span>
    </Button>
  );
}
