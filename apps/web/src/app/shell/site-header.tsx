import { Link } from 'react-router';
import { UserMenu } from '../../features/account/components/user-menu';
import { DomainLogo } from '../../features/domain/components/domain-logo';
import { useDomainSetting } from '../../features/domain/settings/use-domain-setting';
import { EventSearch } from '../../features/sports/components/event-search';
import { VideoBox } from '../../features/sports/components/video-box';
import { WalletBox } from '../../features/wallet/components/wallet-box';
import { i18n, useMessages } from '../../shared/i18n/i18n';
import { LanguageSwitch } from '../../shared/i18n/language-switch';
import { paths } from '../../shared/paths';
import { HubStatusDot } from './hub-status-dot';
import { useServiceWorkerRegistration } from './service-worker-registration';
import './site-header.css';

const messages = i18n('app/site-header', { home: 'Home' });

/**
 * The header (spec §2): logo, search box, video box, wallet box, the language switch and the
 * player's menu.
 */
export function SiteHeader() {
  const t = useMessages(messages);
  const setting = useDomainSetting();
  // The header is the shell's, and loads after the first page (see the hook).
  useServiceWorkerRegistration();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={paths.home.path} className="site-header__brand" aria-label={t.home}>
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
        <LanguageSwitch className="site-header__language" />
        <div className="site-header__user">
          <HubStatusDot />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
