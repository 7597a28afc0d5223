import type { Brand } from '@backlay/contract/admin-brands';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminApiError } from '../../../shared/api/admin-api-error';
import { formatDateTime } from '../../../shared/format/dates';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { brandQueryOptions } from '../api/brand';
import {
  brandVersionsQueryOptions,
  useBrandVersions,
  type BrandVersion,
} from '../api/brand-versions';
import { useUpdateBrand } from '../api/update-brand';
import { documentOfBrand } from '../model/brand-draft';
import { changedByText } from '../model/changed-by';
import { diffDocuments } from '../model/diff-documents';
import { DiffTable } from './diff-table';
import { isConflict } from '../../../shared/ui/save-feedback';
import './brands.css';

/**
 * Asks before putting an older version back: shows what would change from the current
 * version, and saves the older document as the brand's next version.
 */
function RestoreDialog({
  brand,
  version,
  onRestored,
  onClose,
}: {
  brand: Brand;
  version: BrandVersion;
  onRestored: (saved: Brand) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const update = useUpdateBrand();
  const changes = diffDocuments(documentOfBrand(brand), version.document);

  const restore = async () => {
    try {
      onRestored(
        await update.mutateAsync({
          domain: brand.domain,
          version: brand.version,
          ...version.document,
        }),
      );
    } catch (error) {
      if (!isConflict(error)) throw error;
      // Their version is read at once, so the history and the comparison above show it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: brandQueryOptions(brand.domain).queryKey }),
        queryClient.invalidateQueries({
          queryKey: brandVersionsQueryOptions(brand.domain).queryKey,
        }),
      ]);
      throw new AdminApiError(
        'CONFLICT',
        'Someone else changed this brand meanwhile; their version is now loaded. Check what would change, then restore again.',
        409,
      );
    }
  };

  return (
    <ConfirmDialog
      title={`Restore version ${version.version}`}
      description={
        <>
          <p>
            The brand’s settings, hosts and betting rules go back to version {version.version},
            saved as a new version after the current one ({brand.version}).
          </p>
          <DiffTable
            label="Changes from the current version"
            changes={changes}
            beforeLabel={`Now (version ${brand.version})`}
            afterLabel={`Version ${version.version}`}
          />
        </>
      }
      confirmLabel="Restore this version"
      askReason={false}
      onConfirm={restore}
      onClose={onClose}
    />
  );
}

/**
 * The brand's history tab: its versions, newest first; one chosen shows which fields it changed
 * from the version before, and can be restored.
 */
export function BrandHistory({ brand }: { brand: Brand }) {
  const versions = useBrandVersions(brand.domain);
  const [chosen, setChosen] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<BrandVersion | null>(null);
  const [restored, setRestored] = useState<{ from: number; as: number } | null>(null);

  if (versions.isPending) return <Loading />;
  if (versions.isError) {
    return <ErrorNotice error={versions.error} onRetry={() => void versions.refetch()} />;
  }
  const list = [...versions.data.versions].sort((a, b) => b.version - a.version);
  const index = Math.max(
    0,
    list.findIndex((version) => version.version === chosen),
  );
  const selected = list[index];
  const previous = list[index + 1];

  return (
    <div className="stack">
      {restored ? (
        <Notice tone="success">
          <p>
            Version {restored.from} restored as version {restored.as}.
          </p>
        </Notice>
      ) : null}
      <div className="brand-history">
        <nav aria-label="Versions">
          <ol className="brand-history__list">
            {list.map((version) => (
              <li key={version.version}>
                <button
                  type="button"
                  className="brand-history__item"
                  aria-current={version === selected ? 'true' : undefined}
                  onClick={() => setChosen(version.version)}
                >
                  <span className="brand-history__version">Version {version.version}</span>
                  <span className="muted">{formatDateTime(version.changedAt)}</span>
                  <span className="muted">{changedByText(version.changedBy)}</span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
        {selected ? (
          <section
            className="stack brand-history__detail"
            aria-label={`Version ${selected.version}`}
          >
            <div className="section__head">
              <h2 className="brand-history__title">
                Version {selected.version}
                {selected.version === brand.version ? ' (current)' : ''}
              </h2>
              {selected.version === brand.version ? null : (
                <Button size="small" onClick={() => setRestoring(selected)}>
                  Restore this version
                </Button>
              )}
            </div>
            <p className="muted">
              {formatDateTime(selected.changedAt)} by {changedByText(selected.changedBy)}
            </p>
            {previous ? (
              <DiffTable
                label={`Changes in version ${selected.version}`}
                changes={diffDocuments(previous.document, selected.document)}
                beforeLabel={`Version ${previous.version}`}
                afterLabel={`Version ${selected.version}`}
              />
            ) : (
              <p className="muted">
                {selected.version === 1
                  ? 'The first version: there is nothing before it to compare.'
                  : 'The version before it is not in the history.'}
              </p>
            )}
          </section>
        ) : (
          <p className="muted">No versions.</p>
        )}
      </div>
      {restoring ? (
        <RestoreDialog
          brand={brand}
          version={restoring}
          onRestored={(saved) => {
            setRestored({ from: restoring.version, as: saved.version });
            setChosen(null);
          }}
          onClose={() => setRestoring(null)}
        />
      ) : null}
    </div>
  );
}
