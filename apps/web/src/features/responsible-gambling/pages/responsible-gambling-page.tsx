import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { circleInfoIcon } from '../../../shared/icons/set/circle-info-icon';
import { useSession } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { useGamblingSettings } from '../api/gambling-settings';
import { LimitsForm } from '../components/limits-form';
import { TakeABreak } from '../components/take-a-break';
import '../components/responsible-gambling.css';

/** What a demo player is shown instead of the controls (in English). */
export const DEMO_NOTICE =
  'Demo accounts play with play money, so there are no limits to set and no break to take.';

const messages = i18n('responsible-gambling/responsible-gambling-page', {
  lead: 'Set limits on what you deposit and what you lose, or take a break from play.',
  demo: DEMO_NOTICE,
  loading: 'Loading your limits…',
  failed: params('Your limits could not be loaded: {error}'),
  tryAgain: 'Try again',
});

/**
 * The player's own controls: deposit and loss limits, a time-out and self-exclusion. A demo
 * player has none of them, and is told so instead.
 */
export default function ResponsibleGamblingPage() {
  const t = useMessages(messages);
  const { userInfo } = useSession();
  const isDemo = userInfo?.isDemo === true;
  const settings = useGamblingSettings(!isDemo);

  return (
    <Page className="rg-page" lead={t.lead}>
      {isDemo ? (
        <p className="rg-notice" role="note">
          <Icon icon={circleInfoIcon} />
          <span>{t.demo}</span>
        </p>
      ) : (
        <>
          {settings.isPending ? (
            <StateMessage kind="loading">{t.loading}</StateMessage>
          ) : settings.data === undefined ? (
            <StateMessage
              kind="error"
              action={
                <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
                  {t.tryAgain}
                </Button>
              }
            >
              {t.failed({ error: errorMessage(settings.error) })}
            </StateMessage>
          ) : (
            <LimitsForm settings={settings.data} />
          )}
          <TakeABreak />
        </>
      )}
    </Page>
  );
}
