import { Outlet } from 'react-router';
import { FloatingMenu } from '../../features/domain/components/floating-menu';
import { useDomainSetting } from '../../features/domain/settings/use-domain-setting';
import { SportsNav } from '../../features/sports/components/sports-nav';
import { useUserInfoRefresh } from '../../shared/session/user-info-query';
import { useSession } from '../../shared/session/use-session';
import { SiteHeader } from '../shell/site-header';
import './layouts.css';

/** The main layout: header, sports navigation, the page, floating contact menu. */
export default function MainLayout() {
  const setting = useDomainSetting();
  const { loggedIn } = useSession();
  // Balance, exposure and sport flags are fetched again whenever a player opens the shell.
  useUserInfoRefresh();
  return (
    <div className="shell shell--main">
      <SiteHeader />
      {setting ? <SportsNav domain={setting} /> : null}
      <main className="shell__content">
        <Outlet />
      </main>
      {setting ? <FloatingMenu setting={setting} loggedIn={loggedIn} /> : null}
    </div>
  );
}
