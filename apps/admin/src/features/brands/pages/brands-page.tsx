import { TEST_BRAND } from '@backlay/contract/admin-brands';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import { Badge } from '../../../shared/ui/badge';
import { DataGrid, type GridColumn } from '../../../shared/ui/data-grid';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { useBrands, type BrandSummary } from '../api/brands';
import { BrandStatus } from '../components/brand-status';
import { changedByText } from '../model/changed-by';
import '../components/brands.css';

const column = createColumnHelper<BrandSummary>();
const COLUMNS: GridColumn<BrandSummary>[] = [
  column.accessor('mainLogo', {
    header: 'Logo',
    enableSorting: false,
    cell: (info) => (
      <img className="brand-thumb" src={info.getValue()} alt={`${info.row.original.title} logo`} />
    ),
  }),
  column.accessor('title', {
    header: 'Title',
    cell: (info) => (
      <Link to={paths.brand.getHref(info.row.original.domain)}>{info.getValue()}</Link>
    ),
  }),
  column.accessor('domain', {
    header: 'Domain',
    cell: (info) => (
      <span className="flags">
        <span className="mono">{info.getValue()}</span>
        {info.getValue() === TEST_BRAND ? <Badge tone="info">Test hosts</Badge> : null}
      </span>
    ),
  }),
  column.accessor('aliases', {
    header: 'Aliases',
    enableSorting: false,
    cell: (info) => (info.getValue().length > 0 ? info.getValue().join(', ') : '—'),
  }),
  column.accessor('theme', { header: 'Theme', cell: (info) => info.getValue() ?? 'None' }),
  column.accessor('suspended', {
    header: 'Status',
    cell: (info) => <BrandStatus suspended={info.getValue()} />,
  }),
  column.accessor('version', { header: 'Version', meta: { numeric: true } }),
  column.accessor('updatedAt', {
    header: 'Last change',
    cell: (info) => (
      <span className="brand-cell-change">
        <span>{formatDateTime(info.getValue())}</span>
        <span className="muted">{changedByText(info.row.original.updatedBy)}</span>
      </span>
    ),
  }),
];

/** `/admin/brands`: every brand the operator covers; a row opens the brand. */
export default function BrandsPage() {
  const brands = useBrands();
  return (
    <>
      <PageHeader
        title="Brands"
        subtitle="Each brand’s settings, hosts, logo and betting rules, with every version kept."
        actions={
          <>
            <Link className="button button-link" to={paths.bettingDefaults.path}>
              Betting defaults
            </Link>
            <Link className="button button--primary button-link" to={paths.newBrand.path}>
              New brand
            </Link>
          </>
        }
      />
      {brands.isPending ? (
        <Loading />
      ) : brands.isError ? (
        <ErrorNotice error={brands.error} onRetry={() => void brands.refetch()} />
      ) : (
        <DataGrid
          id="brands"
          label="Brands"
          data={brands.data.brands}
          columns={COLUMNS}
          getRowId={(row) => row.domain}
          rowHref={(row) => paths.brand.getHref(row.domain)}
          initialSorting={[{ id: 'domain', desc: false }]}
          emptyText="No brands yet."
        />
      )}
    </>
  );
}
