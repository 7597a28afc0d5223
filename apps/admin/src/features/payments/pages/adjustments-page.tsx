import { ADJUSTMENT_STATUSES } from '@backlay/contract/admin-payments';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { brandsInScope } from '../../../shared/brands';
import { formatRupees } from '../../../shared/format/money';
import { useMe } from '../../../shared/session/me-query';
import { DataGrid } from '../../../shared/ui/data-grid';
import { SelectField } from '../../../shared/ui/fields';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { PageHeader, Section } from '../../../shared/ui/page-header';
import { useAdjustments, type AdjustmentFilters } from '../api/adjustments';
import { adjustmentColumns, type AdjustmentDecision } from '../components/adjustment-columns';
import { AdjustmentDecisionDialog } from '../components/adjustment-decision-dialog';
import { NewAdjustment } from '../components/new-adjustment';
import { adjustmentStatusLabel } from '../model/labels';
import '../components/payments.css';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...ADJUSTMENT_STATUSES.map((status) => ({ value: status, label: adjustmentStatusLabel(status) })),
];

function isStatus(value: string | null): value is AdjustmentFilters['status'] {
  return (
    value !== null && (value === '' || (ADJUSTMENT_STATUSES as readonly string[]).includes(value))
  );
}

/** The filters as the URL holds them. */
function filtersOf(search: URLSearchParams): AdjustmentFilters {
  const status = search.get('status');
  return { brand: search.get('brand') ?? '', status: isStatus(status) ? status : '' };
}

/**
 * `/admin/payments/adjustments`: credit or debit a player by hand, and the adjustments made,
 * where those above the threshold wait for a second operator to approve or reject them.
 */
export default function AdjustmentsPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const { data: me } = useMe();
  const list = useAdjustments(filters);
  const [deciding, setDeciding] = useState<AdjustmentDecision | null>(null);
  const columns = useMemo(() => adjustmentColumns(setDeciding), []);

  const apply = (next: Partial<AdjustmentFilters>) => {
    const merged = { ...filters, ...next };
    const params = new URLSearchParams();
    if (merged.brand) params.set('brand', merged.brand);
    if (merged.status) params.set('status', merged.status);
    setSearch(params, { replace: true });
  };

  const brandOptions = [
    { value: '', label: 'All brands' },
    ...brandsInScope(me).map((domain) => ({ value: domain, label: domain })),
  ];
  const approval = list.data
    ? { above: list.data.approvalAbove, windowHours: list.data.approvalWindowHours }
    : null;

  return (
    <>
      <PageHeader
        title="Adjustments"
        subtitle="Credit or debit a player by hand, with the reason kept beside it."
      />
      {approval !== null ? (
        <Notice tone="info">
          <p>
            What one operator adjusts for one player over {approval.windowHours} hours, credits and
            debits alike, counts together: an adjustment that takes it above{' '}
            {formatRupees(approval.above)} needs a second operator, and waits below until another
            operator approves it.
          </p>
        </Notice>
      ) : null}
      <Section title="New adjustment">
        <NewAdjustment approval={approval} />
      </Section>
      <form
        className="filters"
        aria-label="Adjustment filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label="Brand"
          value={filters.brand}
          options={brandOptions}
          onChange={(event) => apply({ brand: event.target.value })}
        />
        <SelectField
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(event) => {
            const status = event.target.value;
            if (isStatus(status)) apply({ status });
          }}
        />
      </form>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataGrid
          id="adjustments"
          label="Adjustments"
          data={list.data.items}
          columns={columns}
          getRowId={(row) => row.id}
          emptyText={filters.status ? 'No adjustment has this status.' : 'No adjustments yet.'}
        />
      )}
      {deciding ? (
        <AdjustmentDecisionDialog decision={deciding} onClose={() => setDeciding(null)} />
      ) : null}
    </>
  );
}
