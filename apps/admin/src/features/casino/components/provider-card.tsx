import type { CasinoProvider } from '@backlay/contract/admin-casino';
import { formatDateTime } from '../../../shared/format/dates';
import { useCan } from '../../../shared/session/me-query';
import { Badge } from '../../../shared/ui/badge';
import { Section } from '../../../shared/ui/page-header';
import { secretSourceText } from '../model/labels';
import { ProviderForm } from './provider-form';
import { ProviderSecret } from './provider-secret';

const NOWHERE = 'Nowhere: launches are refused';

/** What a provider is now, and where its launches go; readers see its settings here too. */
function ProviderFacts({
  provider,
  canChange,
}: {
  provider: CasinoProvider;
  /** An operator who may change it sees its settings in the form, and may read its secret. */
  canChange: boolean;
}) {
  return (
    <dl className="facts">
      {canChange ? null : (
        <>
          <dt>Games on live hosts</dt>
          <dd className="mono">{provider.baseUrl ?? 'The built-in studio'}</dd>
          <dt>Games on test hosts</dt>
          <dd className="mono">{provider.testBaseUrl ?? 'The built-in test provider'}</dd>
          <dt>Operator id</dt>
          <dd className="mono">{provider.operatorId}</dd>
        </>
      )}
      <dt>Launches go to (live)</dt>
      <dd className="mono">{provider.gameUrl ?? NOWHERE}</dd>
      <dt>Launches go to (test)</dt>
      <dd className="mono">{provider.testGameUrl ?? NOWHERE}</dd>
      <dt>Currency</dt>
      <dd>{provider.currency}</dd>
      <dt>Signing secret</dt>
      <dd className="stack casino-provider__secret">
        <span>{secretSourceText(provider.code, provider.secretSource)}</span>
        {canChange ? <ProviderSecret provider={provider} /> : null}
      </dd>
      <dt>Frames from</dt>
      <dd className="mono">
        {provider.frameOrigins.length === 0 ? 'This site only' : provider.frameOrigins.join(', ')}
      </dd>
      <dt>Version</dt>
      <dd>
        {provider.version} · {formatDateTime(provider.updatedAt)}
      </dd>
    </dl>
  );
}

/**
 * One provider: what it is now for everyone who may read it, and for an operator who may change
 * providers, its settings as a form and its signing secret on request.
 */
export function ProviderCard({ provider }: { provider: CasinoProvider }) {
  const canChange = useCan()('casino.providers');
  return (
    <Section
      title={provider.name}
      actions={
        <span className="flags">
          <span className="mono muted">{provider.code}</span>
          <Badge tone={provider.enabled ? 'good' : 'bad'}>
            {provider.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </span>
      }
    >
      <div className="casino-provider">
        <ProviderFacts provider={provider} canChange={canChange} />
        {canChange ? <ProviderForm loaded={provider} /> : null}
      </div>
    </Section>
  );
}
