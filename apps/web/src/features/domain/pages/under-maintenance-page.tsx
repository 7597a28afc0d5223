import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { paths } from '../../../shared/paths';
import { toast } from '../../../shared/toasts/toast-store';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { DomainLogo } from '../components/domain-logo';
import { reloadDomainSettings } from '../settings/domain-settings-query';
import { rotateIcon } from '../../../shared/icons/set/rotate-icon';
import { toolsIcon } from '../../../shared/icons/set/tools-icon';

const messages = i18n('domain/under-maintenance', {
  lead: 'We are making improvements and will be back shortly. Your account and balance are safe.',
  stillDown: 'The site is still under maintenance. Please check back soon.',
  checking: 'Checking…',
  tryAgain: 'Try again',
});

/** Where a suspended or unreachable site sends players; "Try again" reloads the settings. */
export default function UnderMaintenancePage() {
  const t = useMessages(messages);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);

  const tryAgain = async () => {
    setChecking(true);
    const { suspended } = await reloadDomainSettings(queryClient);
    setChecking(false);
    if (!suspended) {
      await navigate(paths.home.path, { replace: true });
    } else {
      toast.info(messages.get().stillDown);
    }
  };

  return (
    <Page className="status-page" lead={t.lead}>
      <DomainLogo className="status-page__logo" />
      <div className="status-page__art" aria-hidden="true">
        <Icon icon={toolsIcon} />
      </div>
      <Button size="lg" icon={rotateIcon} onClick={() => void tryAgain()} disabled={checking}>
        {checking ? t.checking : t.tryAgain}
      </Button>
    </Page>
  );
}
