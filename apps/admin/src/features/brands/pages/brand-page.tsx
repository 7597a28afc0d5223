import { Link, useLocation, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { Tabs } from '../../../shared/ui/tabs';
import { useBrand } from '../api/brand';
import { BrandAssets } from '../components/brand-assets';
import { BrandBettingRules } from '../components/brand-betting-rules';
import { BrandHistory } from '../components/brand-history';
import { BrandSettingsForm } from '../components/brand-settings-form';
import { BrandStatus } from '../components/brand-status';
import { changedByText } from '../model/changed-by';
import { brandAddresses } from '../model/new-brand';
import '../components/brands.css';

/** What the new-brand page hands the brand's page when it opens it. */
export interface BrandPageState {
  created: true;
}

function isCreated(state: unknown): state is BrandPageState {
  return typeof state === 'object' && state !== null && 'created' in state;
}

/** Where a brand just created can be seen. */
function CreatedNotice({ domain }: { domain: string }) {
  const { live, preview } = brandAddresses(domain);
  return (
    <Notice tone="success" title={`${domain} created`}>
      <p>
        The brand is live at{' '}
        <a href={live} target="_blank" rel="noreferrer">
          {live}
        </a>
        . For a local preview, open{' '}
        <a href={preview} target="_blank" rel="noreferrer">
          {preview}
        </a>
        .
      </p>
    </Notice>
  );
}

/** `/admin/brands/:domain`: one brand's settings, betting rules, images and history. */
export default function BrandPage() {
  const { domain = '' } = useParams();
  const { state } = useLocation();
  const brand = useBrand(domain);

  if (brand.isPending) return <Loading />;
  if (brand.isError) {
    return (
      <>
        <PageHeader title={domain} actions={<Link to={paths.brands.path}>All brands</Link>} />
        <ErrorNotice error={brand.error} onRetry={() => void brand.refetch()} />
      </>
    );
  }
  const current = brand.data;
  const { setting } = current.settings;

  return (
    <>
      <PageHeader
        title={setting.domainTitle}
        subtitle={
          <>
            <span className="mono">{current.domain}</span>
            <BrandStatus suspended={setting.siteSuspended} />
            <span>
              Version {current.version}, {formatDateTime(current.updatedAt)} by{' '}
              {changedByText(current.updatedBy)}
            </span>
          </>
        }
        actions={<Link to={paths.brands.path}>All brands</Link>}
      />
      {isCreated(state) ? <CreatedNotice domain={current.domain} /> : null}
      {setting.siteSuspended ? (
        <Notice tone="warning" title="Site suspended">
          <p>The site is closed to its players. Switch it back on under Settings.</p>
        </Notice>
      ) : null}
      <Tabs
        key={current.domain}
        label="Brand"
        tabs={[
          {
            id: 'settings',
            label: 'Settings',
            content: () => <BrandSettingsForm brand={current} />,
          },
          {
            id: 'betting',
            label: 'Betting rules',
            content: () => <BrandBettingRules brand={current} />,
          },
          { id: 'assets', label: 'Logo & favicon', content: () => <BrandAssets brand={current} /> },
          { id: 'history', label: 'History', content: () => <BrandHistory brand={current} /> },
        ]}
      />
    </>
  );
}
