import { Link } from 'react-router';
import { UserMenu } from '../../features/account/components/user-menu';
import { DomainLogo } from '../../features/domain/components/domain-logo';
import { useDomainSetting } from '../../features/domain/settings/use-domain-setting';
import { EventSearch } from '../../features/sports/components/event-search';
import { VideoBox } from '../../features/sports/components/video-box';
import { WalletBox } from '../../features/wallet/components/wallet-box';
import { paths } from '../../shared/paths';
import { HubStatusDot } from './hub-status-dot';
import { useServiceWorkerRegistration } from './service-worker-registration';
import './site-header.css';

/** The header (spec §2): logo, search box, video box, wallet box and the player's menu. */
export function SiteHeader() {
  const setting = useDomainSetting();
  // The header is the shell's, and loads after the first page (see the hook).
  useServiceWorkerRegistration();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={paths.home.path} className="site-header__brand" aria-label="Home">
          <DomainLogo className="site-header__logo" />
        </Link>
        <div className="site-header__search">
          <EventSearch />
        </div>
        <div className="site-header__video">
          <VideoBox />
        </div>
        <div className="site-header__wallet">
          <WalletBox depositShortcut={setting?.showDepositW ?? false} />
        </div>
        <div className="site-header__user">
          <HubStatusDot />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
