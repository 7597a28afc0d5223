import { Outlet } from 'react-router';
import { FloatingMenu } from '../../features/domain/components/floating-menu';
import { useDomainSetting } from '../../features/domain/settings/use-domain-setting';
import { SportsNav } from '../../features/sports/components/sports-nav';
import { i18n, useMessages } from '../../shared/i18n/i18n';
import { paths } from '../../shared/paths';
import { useUserInfoRefresh } from '../../shared/session/user-info-query';
import { useSession } from '../../shared/session/use-session';
import { useShellStore } from '../../shared/shell/shell-store';
import { ButtonLink } from '../../shared/ui/button';
import { SiteHeader } from '../shell/site-header';
import { arrowLeftIcon } from '../../shared/icons/set/arrow-left-icon';
import './layouts.css';

const messages = i18n('app/casino-layout', { backToSports: 'Back to sports' });

/** The casino layout: the shell around the game frame, with a way back to sports. */
export default function CasinoLayout() {
  const t = useMessages(messages);
  const setting = useDomainSetting();
  const { loggedIn } = useSession();
  // Balance, exposure and sport flags are fetched again whenever a player opens the shell.
  useUserInfoRefresh();
  const backToSports = useShellStore((s) => s.backToSports);
  return (
    <div className="shell shell--casino">
      <SiteHeader />
      {setting ? <SportsNav domain={setting} /> : null}
      {backToSports ? (
        <div className="shell__back">
          <ButtonLink to={paths.home.path} variant="ghost" size="sm" icon={arrowLeftIcon}>
            {t.backToSports}
          </ButtonLink>
        </div>
      ) : null}
      <main className="shell__content">
        <Outlet />
      </main>
      {setting ? <FloatingMenu setting={setting} loggedIn={loggedIn} /> : null}
    </div>
  );
}
