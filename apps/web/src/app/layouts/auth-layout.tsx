import type { CSSProperties } from 'react';
import { Link, Outlet } from 'react-router';
import { DomainLogo } from '../../features/domain/components/domain-logo';
import { useDefaultDomainSettings } from '../../features/domain/settings/domain-settings-query';
import { useDomainSetting } from '../../features/domain/settings/use-domain-setting';
import { Icon } from '../../shared/icons/icon';
import { paths } from '../../shared/paths';
import type { SiteContext } from '../../shared/routing/site-context';
import { shieldIcon } from '../../shared/icons/set/shield-icon';
import './auth-layout.css';

/**
 * The auth layout: a branded card over the login background. Domains carry no background
 * of their own, so the default-domain file's is used for every brand (spec §2).
 */
export default function AuthLayout() {
  const { data: defaults } = useDefaultDomainSettings();
  const setting = useDomainSetting();
  const style = defaults
    ? ({ '--login-background': `url("${defaults.loginBackground}")` } as CSSProperties)
    : undefined;
  return (
    <div className="auth-shell" style={style}>
      <div className="auth-shell__card">
        <Link to={paths.home.path} className="auth-shell__brand" aria-label="Home">
          <DomainLogo className="auth-shell__logo" />
        </Link>
        <Outlet context={{ domain: setting?.domain ?? null } satisfies SiteContext} />
      </div>
      <p className="auth-shell__footer">
        <Icon icon={shieldIcon} />
        <span>{setting ? `${setting.domainTitle} · ` : ''}18+ · Play responsibly</span>
      </p>
    </div>
  );
}
