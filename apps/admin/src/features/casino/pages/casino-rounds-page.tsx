import { casinoRoundsRoute } from '@backlay/contract/admin-calls';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { brandsInScope } from '../../../shared/brands';
import { requestErrors, type FieldErrors } from '../../../shared/forms/request-errors';
import { paths } from '../../../shared/paths';
import { useMe } from '../../../shared/session/me-query';
import { Button } from '../../../shared/ui/button';
import { DataGrid, LoadMore } from '../../../shared/ui/data-grid';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCasinoProviders } from '../api/casino-providers';
import { roundsRequestOf, useCasinoRounds } from '../api/casino-rounds';
import { ROUND_COLUMNS } from '../components/round-columns';
import {
  isFiltered,
  NO_ROUND_FILTERS,
  roundFiltersOf,
  roundParamsOf,
  type RoundFilters,
} from '../model/round-filters';
import '../components/casino.css';

/** The provider choice: every provider there is, and the one in the URL even if it is not. */
function useProviderOptions(current: string) {
  const providers = useCasinoProviders();
  const known = providers.data ?? [];
  const options = known.map((provider) => ({ value: provider.code, label: provider.name }));
  if (current && !known.some((provider) => provider.code === current)) {
    options.push({ value: current, label: current });
  }
  return [{ value: '', label: 'Any provider' }, ...options];
}

/**
 * `/admin/casino/rounds`: the round lookup. Rounds newest first, found by the provider's or
 * Backlay's round id, the player, the game, the provider or the brand; a round opens with
 * every callback of it.
 */
export default function CasinoRoundsPage() {
  const [search, setSearch] = useSearchParams();
  const applied = roundFiltersOf(search);
  const [draft, setDraft] = useState<RoundFilters>(applied);
  const [errors, setErrors] = useState<FieldErrors>({});
  const rounds = useCasinoRounds(applied);
  const { data: me } = useMe();
  const providerOptions = useProviderOptions(draft.provider);
  const brandOptions = [
    { value: '', label: 'All brands' },
    ...brandsInScope(me).map((domain) => ({ value: domain, label: domain })),
  ];

  const apply = (filters: RoundFilters) => {
    const found = requestErrors(casinoRoundsRoute, roundsRequestOf(filters)) ?? {};
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSearch(roundParamsOf(filters), { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const clear = () => {
    setDraft(NO_ROUND_FILTERS);
    apply(NO_ROUND_FILTERS);
  };
  const field = (name: keyof RoundFilters) => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((old) => ({ ...old, [name]: event.target.value })),
  });

  const rows = rounds.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <PageHeader
        title="Casino rounds"
        subtitle="Newest first. A round id may be the provider’s or Backlay’s; open a round to see every callback the provider made in it."
      />
      <form className="filters" onSubmit={submit} role="search" aria-label="Find rounds" noValidate>
        <TextField label="Round id" maxLength={100} spellCheck={false} {...field('roundId')} />
        <TextField label="Player id" maxLength={36} spellCheck={false} {...field('playerId')} />
        <TextField label="Game code" maxLength={64} spellCheck={false} {...field('gameCode')} />
        <SelectField label="Provider" options={providerOptions} {...field('provider')} />
        <SelectField label="Brand" options={brandOptions} {...field('brand')} />
        <Button type="submit" variant="primary">
          Search
        </Button>
        <Button variant="ghost" onClick={clear}>
          Clear
        </Button>
      </form>
      {rounds.isPending ? (
        <Loading />
      ) : rounds.isError && rows.length === 0 ? (
        <ErrorNotice error={rounds.error} onRetry={() => void rounds.refetch()} />
      ) : (
        <>
          {rounds.isError ? <ErrorNotice error={rounds.error} /> : null}
          <DataGrid
            id="casino-rounds"
            label="Casino rounds"
            data={rows}
            columns={ROUND_COLUMNS}
            getRowId={(row) => row.id}
            rowHref={(row) => paths.casinoRound.getHref(row.id)}
            defaultHiddenColumns={['refunded', 'closedAt', 'gameCode', 'brand', 'id']}
            emptyText={
              isFiltered(applied) ? 'No round matches these filters.' : 'No round played yet.'
            }
            footer={
              <LoadMore
                shown={rows.length}
                hasMore={rounds.hasNextPage}
                loading={rounds.isFetchingNextPage}
                onLoadMore={() => void rounds.fetchNextPage()}
              />
            }
          />
        </>
      )}
    </>
  );
}
