import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { useDefaultDomainSettings, useDomainSettings } from '../settings/domain-settings-query';

const messages = i18n('domain/logo', { home: 'Home' });

/** The domain's main logo, or the default logo where the domain has none yet. */
export function DomainLogo({ className }: { className?: string }) {
  const t = useMessages(messages);
  const { data } = useDomainSettings();
  const { data: defaults } = useDefaultDomainSettings();
  const src = data?.setting.mainLogo ?? defaults?.defaultLogo;
  if (!src) return <span className={className} aria-hidden="true" />;
  return <img className={className} src={src} alt={data?.setting.domainTitle ?? t.home} />;
}
