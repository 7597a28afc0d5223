import { useDefaultDomainSettings, useDomainSettings } from '../settings/domain-settings-query';

/** The domain's main logo, or the default logo where the domain has none yet. */
export function DomainLogo({ className }: { className?: string }) {
  const { data } = useDomainSettings();
  const { data: defaults } = useDefaultDomainSettings();
  const src = data?.setting.mainLogo ?? defaults?.defaultLogo;
  if (!src) return <span className={className} aria-hidden="true" />;
  return <img className={className} src={src} alt={data?.setting.domainTitle ?? 'Home'} />;
}
