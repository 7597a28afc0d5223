import type { CSSProperties } from 'react';
import { Link, Outlet } from 'react-router';
import { DomainLogo } from '../../features/domain/components/domain-logo';
import { useDefaultDomainSettings } from '../../features/domain/settings/domain-settings-query';
import { useDomainSetting } from '../../features/domain/settings/use-domain-setting';
import { i18n, params, useMessages } from '../../shared/i18n/i18n';
import { LanguageSwitch } from '../../shared/i18n/language-switch';
import { Icon } from '../../shared/icons/icon';
import { paths } from '../../shared/paths';
import type { SiteContext } from '../../shared/routing/site-context';
import { shieldIcon } from '../../shared/icons/set/shield-icon';
import './auth-layout.css';

const messages = i18n('app/auth-layout', {
  home: 'Home',
  footer: '18+ · Play responsibly',
  footerWithSite: params('{site} · 18+ · Play responsibly'),
});

/**
 * The auth layout: a branded card over the login background, with the language switch above
 * it so a visitor picks a language before logging in. Domains carry no background
 * of their own, so the default-domain file's is used for every brand (spec §2).
 */
export default function AuthLayout() {
  const t = useMessages(messages);
  const { data: defaults } = useDefaultDomainSettings();
  const setting = useDomainSetting();
  const style = defaults
    ? ({ '--login-background': `url("${defaults.loginBackground}")` } as CSSProperties)
    : undefined;
  return (
    <div className="auth-shell" style={style}>
      <LanguageSwitch className="auth-shell__language" />
      <div className="auth-shell__card">
        <Link to={paths.home.path} className="auth-shell__brand" aria-label={t.home}>
          <DomainLogo className="auth-shell__logo" />
        </Link>
        <Outlet context={{ domain: setting?.domain ?? null } satisfies SiteContext} />
      </div>
      <p className="auth-shell__footer">
        <Icon icon={shieldIcon} />
        <span>{setting ? t.footerWithSite({ site: setting.domainTitle }) : t.footer}</span>
      </p>
    </div>
  );
}
