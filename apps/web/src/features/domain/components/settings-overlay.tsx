import { useState } from 'react';
import { Spinner } from '../../../shared/ui/spinner';
import { useDefaultDomainSettings } from '../settings/domain-settings-query';
import { readStoredSetting } from '../settings/stored-setting';
import './settings-overlay.css';

/**
 * The full-screen overlay shown until the domain settings have settled (spec §2): the
 * domain's logo from the last stored setting, else the default logo, over a gold spinner.
 */
export function SettingsOverlay() {
  const [stored] = useState(readStoredSetting);
  const { data: defaults } = useDefaultDomainSettings();
  const logo = stored?.mainLogo ?? defaults?.defaultLogo;
  return (
    <div className="settings-overlay" data-testid="settings-overlay" aria-busy="true">
      <img className="settings-overlay__logo" src={logo} alt={stored?.domainTitle ?? ''} />
      <Spinner label="Loading the site" />
    </div>
  );
}
