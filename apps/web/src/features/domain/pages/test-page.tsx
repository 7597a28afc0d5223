import { settingsNameFor, themeFor } from '@backlay/domains/hosts';
import { PAGE_REGISTRY } from '../page-registry';
import { Page } from '../../../shared/ui/page';
import { useDomainSettings } from '../settings/domain-settings-query';
import { BODY_BG_THEME } from '../theme/resolve-theme';

/** A check page for operators: which settings file and theme this hostname resolves to. */
export default function TestPage() {
  const { data, status } = useDomainSettings();
  const hostname = window.location.hostname;
  const rows: [string, string][] = [
    ['Hostname', hostname],
    ['Settings file', `${settingsNameFor(hostname, PAGE_REGISTRY)}.json`],
    [
      'Theme',
      themeFor(hostname, PAGE_REGISTRY) ??
        `${BODY_BG_THEME} (${data?.setting.bodyBgColor ?? 'unknown'})`,
    ],
    ['Settings', status === 'success' ? 'loaded' : status],
    ['Domain', data?.setting.domain ?? '—'],
    ['Title', data?.setting.domainTitle ?? '—'],
  ];
  return (
    <Page className="status-page" lead="How this site resolves its branding.">
      <dl className="status-page__facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Page>
  );
}
