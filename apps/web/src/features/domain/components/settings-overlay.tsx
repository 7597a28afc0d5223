import { useState } from 'react';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Spinner } from '../../../shared/ui/spinner';
import { useDefaultDomainSettings } from '../settings/domain-settings-query';
import { readStoredSetting } from '../settings/stored-setting';
import './settings-overlay.css';

const messages = i18n('domain/settings-overlay', { loading: 'Loading the site' });

/**
 * The full-screen overlay shown until the domain settings have settled (spec §2): the
 * domain's logo from the last stored setting, else the default logo, over a gold spinner.
 */
export function SettingsOverlay() {
  const t = useMessages(messages);
  const [stored] = useState(readStoredSetting);
  const { data: defaults } = useDefaultDomainSettings();
  const logo = stored?.mainLogo ?? defaults?.defaultLogo;
  return (
    <div className="settings-overlay" data-testid="settings-overlay" aria-busy="true">
      <img className="settings-overlay__logo" src={logo} alt={stored?.domainTitle ?? ''} />
      <Spinner label={t.loading} />
    </div>
  );
}
