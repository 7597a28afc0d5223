import { useEffect } from 'react';
import { useDomainSettings } from '../settings/domain-settings-query';
import { readStoredSetting } from '../settings/stored-setting';
import { applyTheme } from '../theme/apply-theme';
import { resolveTheme } from '../theme/resolve-theme';
import { applyDocumentHead, composeTitle } from './document-head';

/**
 * Keeps the document in step with the domain: theme, title (domain title then the
 * route's), description and favicon. Until the settings load, the stored setting stands in.
 */
export function useDomainDocument(routeTitle: string | null): void {
  const { data } = useDomainSettings();
  const setting = data?.setting ?? null;

  useEffect(() => {
    const known = setting ?? readStoredSetting();
    applyTheme(document, resolveTheme(window.location.hostname, known?.bodyBgColor));
  }, [setting]);

  useEffect(() => {
    const known = setting ?? readStoredSetting();
    applyDocumentHead(document, {
      title: composeTitle(known?.domainTitle, routeTitle),
      description: known?.description ?? null,
      favicon: known?.favicon ?? null,
    });
  }, [setting, routeTitle]);
}
