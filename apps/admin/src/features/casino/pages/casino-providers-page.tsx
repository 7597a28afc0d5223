import { useCan } from '../../../shared/session/me-query';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCasinoProviders } from '../api/casino-providers';
import { ProviderCard } from '../components/provider-card';
import '../components/casino.css';

/**
 * `/admin/casino/providers`: the casino's providers, where their games are on live and test
 * hosts and how Backlay is known there. An operator who may change providers edits them (each
 * change confirmed) and reads their signing secrets; others read them.
 */
export default function CasinoProvidersPage() {
  const providers = useCasinoProviders();
  const canChange = useCan()('casino.providers');

  return (
    <>
      <PageHeader
        title="Casino providers"
        subtitle={
          canChange
            ? 'A provider serves every brand: a change here applies to all of them at once.'
            : 'A provider serves every brand. Only an owner changes providers.'
        }
      />
      {providers.isPending ? (
        <Loading />
      ) : providers.isError ? (
        <ErrorNotice error={providers.error} onRetry={() => void providers.refetch()} />
      ) : providers.data.length === 0 ? (
        <Notice tone="info">
          <p>No casino provider is set up.</p>
        </Notice>
      ) : (
        <div className="stack">
          {providers.data.map((provider) => (
            <ProviderCard key={provider.code} provider={provider} />
          ))}
        </div>
      )}
    </>
  );
}
