import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useBetSlip, usePlayerBets } from '../../features/bets/index';
import { FloatingMenu } from '../../features/domain/components/floating-menu';
import { useDomainSetting } from '../../features/domain/settings/use-domain-setting';
import { SportsNav } from '../../features/sports/components/sports-nav';
import { mayNeedFirstDeposit } from '../../features/wallet/model/first-deposit';
import type { SiteContext } from '../../shared/routing/site-context';
import { useUserInfo, useUserInfoRefresh } from '../../shared/session/user-info-query';
import { useSession } from '../../shared/session/use-session';
import { BottomNav } from '../shell/bottom-nav';
import { SiteHeader } from '../shell/site-header';
import './layouts.css';

// The bet slip loads the first time a price is chosen, not with the layout.
const BetSlipDock = lazy(() => import('../../features/betslip/components/bet-slip-dock'));
// The first-deposit welcome loads only for a real-money player at ₹0.
const FirstDepositPrompt = lazy(
  () => import('../../features/wallet/components/first-deposit-prompt'),
);

/**
 * The main layout: header, sports navigation, a new real-money player's first-deposit welcome,
 * the page, bet slip, floating contact menu, and for a logged-in player on a phone the bottom
 * bar. On a desktop an open bet slip has a column of its own beside the page (layouts.css), so
 * it covers neither prices nor scorecard.
 */
export default function MainLayout() {
  const setting = useDomainSetting();
  const { loggedIn } = useSession();
  const slipOpen = useBetSlip((s) => s.selection !== null);
  // A one-tap bet on its way is placed from the dock, with no slip and no column for one.
  const dockNeeded = useBetSlip((s) => s.selection !== null || s.oneTap !== null);
  // Balance, exposure and sport flags are fetched again whenever a player opens the shell.
  useUserInfoRefresh();
  usePlayerBets();
  const firstDeposit = mayNeedFirstDeposit(useUserInfo());
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
  const shellClass = [
    'shell shell--main',
    loggedIn ? 'shell--bottom-nav' : null,
    slipOpen ? 'shell--slip-open' : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={shellClass}>
      <SiteHeader />
      {setting ? <SportsNav domain={setting} /> : null}
      <main className="shell__content">
        {firstDeposit ? (
          <Suspense fallback={null}>
            <FirstDepositPrompt />
          </Suspense>
        ) : null}
        <Outlet context={site} />
      </main>
      {dockNeeded ? (
        <Suspense fallback={null}>
          <BetSlipDock />
        </Suspense>
      ) : null}
      {setting ? <FloatingMenu setting={setting} loggedIn={loggedIn} /> : null}
      {loggedIn ? <BottomNav /> : null}
    </div>
  );
}
