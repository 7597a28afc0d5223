import { findDomain } from '@backlay/domains/hosts';
import { Outlet } from 'react-router';
import { FloatingMenu } from '../../features/domain/components/floating-menu';
import { PAGE_REGISTRY } from '../../features/domain/page-registry';
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

const messages = i18n('app/casino-layout', {
  backToSports: 'Back to sports',
  backToCasino: 'All games',
});

/**
 * The casino layout: the shell around the game frame, with a way back to sports (spec §4). A
 * casino-only brand has no sports: its way back leads to the casino's games.
 */
export default function CasinoLayout() {
  const t = useMessages(messages);
  const setting = useDomainSetting();
  const { loggedIn } = useSession();
  // Balance, exposure and sport flags are fetched again whenever a player opens the shell.
  useUserInfoRefresh();
  const backToSports = useShellStore((s) => s.backToSports);
  const casinoOnly = setting
    ? (findDomain(setting.domain, PAGE_REGISTRY)?.casinoOnly ?? false)
    : false;
  return (
    <div className="shell shell--casino">
      <SiteHeader />
      {setting ? <SportsNav domain={setting} /> : null}
      {backToSports ? (
        <div className="shell__back">
          <ButtonLink
            to={casinoOnly ? paths.casino.path : paths.home.path}
            variant="ghost"
            size="sm"
            icon={arrowLeftIcon}
          >
            {casinoOnly ? t.backToCasino : t.backToSports}
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
