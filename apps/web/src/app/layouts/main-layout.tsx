import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useBetSlip, usePlayerBets } from '../../features/bets/index';
import { FloatingMenu } from '../../features/domain/components/floating-menu';
import { useDomainSetting } from '../../features/domain/settings/use-domain-setting';
import { SportsNav } from '../../features/sports/components/sports-nav';
import type { SiteContext } from '../../shared/routing/site-context';
import { useUserInfoRefresh } from '../../shared/session/user-info-query';
import { useSession } from '../../shared/session/use-session';
import { BottomNav } from '../shell/bottom-nav';
import { SiteHeader } from '../shell/site-header';
import './layouts.css';

// The bet slip loads the first time a price is chosen, not with the layout.
const BetSlipDock = lazy(() => import('../../features/betslip/components/bet-slip-dock'));

/**
 * The main layout: header, sports navigation, the page, bet slip, floating contact menu, and
 * for a logged-in player on a phone the bottom bar.
 */
export default function MainLayout() {
  const setting = useDomainSetting();
  const { loggedIn } = useSession();
  const slipOpen = useBetSlip((s) => s.selection !== null);
  // Balance, exposure and sport flags are fetched again whenever a player opens the shell.
  useUserInfoRefresh();
  usePlayerBets();
  const site: SiteContext = {
    domain: setting?.domain ?? null,
    sportFlags: setting
      ? {
          football: setting.football,
          tennis: setting.tennis,
          cricket: setting.cricket,
          kabaddi: setting.kabaddi,
          horseRacing: setting.horseRacing,
        }
      : null,
  };
  return (
    <div className={loggedIn ? 'shell shell--main shell--bottom-nav' : 'shell shell--main'}>
      <SiteHeader />
      {setting ? <SportsNav domain={setting} /> : null}
      <main className="shell__content">
        <Outlet context={site} />
      </main>
      {slipOpen ? (
        <Suspense fallback={null}>
          <BetSlipDock />
        </Suspense>
      ) : null}
      {setting ? <FloatingMenu setting={setting} loggedIn={loggedIn} /> : null}
      {loggedIn ? <BottomNav /> : null}
    </div>
  );
}
