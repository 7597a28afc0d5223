import { settingsNameFor, themeFor } from '@backlay/domains/hosts';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { PAGE_REGISTRY } from '../page-registry';
import { Page } from '../../../shared/ui/page';
import { useDomainSettings } from '../settings/domain-settings-query';
import { BODY_BG_THEME } from '../theme/resolve-theme';

const messages = i18n('domain/test-page', {
  lead: 'How this site resolves its branding.',
  hostname: 'Hostname',
  settingsFile: 'Settings file',
  theme: 'Theme',
  bodyBgTheme: params('{theme} ({colour})'),
  unknown: 'unknown',
  settings: 'Settings',
  loaded: 'loaded',
  domain: 'Domain',
  title: 'Title',
});

/** A check page for operators: which settings file and theme this hostname resolves to. */
export default function TestPage() {
  const t = useMessages(messages);
  const { data, status } = useDomainSettings();
  const hostname = window.location.hostname;
  const rows: [string, string][] = [
    [t.hostname, hostname],
    [t.settingsFile, `${settingsNameFor(hostname, PAGE_REGISTRY)}.json`],
    [
      t.theme,
      themeFor(hostname, PAGE_REGISTRY) ??
        t.bodyBgTheme({ theme: BODY_BG_THEME, colour: data?.setting.bodyBgColor ?? t.unknown }),
    ],
    [t.settings, status === 'success' ? t.loaded : status],
    [t.domain, data?.setting.domain ?? '—'],
    [t.title, data?.setting.domainTitle ?? '—'],
  ];
  return (
    <Page className="status-page" lead={t.lead}>
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
