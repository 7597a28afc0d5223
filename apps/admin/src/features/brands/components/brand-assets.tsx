import { BRAND_ASSET_MAX_BYTES, type Brand } from '@backlay/contract/admin-brands';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { Notice } from '../../../shared/ui/notice';
import { FieldFrame } from '../../../shared/ui/fields';
import { Section } from '../../../shared/ui/page-header';
import { brandQueryOptions } from '../api/brand';
import { useUploadBrandAsset } from '../api/upload-brand-asset';
import {
  assetProblem,
  BRAND_ASSET_ACCEPT,
  bytesToBase64,
  formatKilobytes,
  readFileBytes,
} from '../model/brand-asset';
import { SaveFeedback } from '../../../shared/ui/save-feedback';
import './brands.css';

type AssetKind = 'logo' | 'favicon';

const KIND_TITLES: Record<AssetKind, string> = { logo: 'Logo', favicon: 'Favicon' };

/**
 * One image of the brand: the current one, and a file input that uploads a new one. The file
 * is checked here first (type and size), so a file the server would refuse is never sent.
 */
function AssetUpload({ brand, kind }: { brand: Brand; kind: AssetKind }) {
  const queryClient = useQueryClient();
  const upload = useUploadBrandAsset();
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const { setting } = brand.settings;
  const src = kind === 'logo' ? setting.mainLogo : setting.favicon;
  const title = KIND_TITLES[kind];

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again (after a fix) is a change again.
    input.value = '';
    setProblem(null);
    setFailure(null);
    setUploaded(null);
    if (!file) return;
    const found = assetProblem(file);
    if (found) {
      setProblem(found);
      return;
    }
    try {
      const dataBase64 = bytesToBase64(await readFileBytes(file));
      const saved = await upload.mutateAsync({
        domain: brand.domain,
        kind,
        dataBase64,
        version: brand.version,
      });
      setUploaded(`${file.name} uploaded: version ${saved.version}.`);
    } catch (error) {
      setFailure(error);
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      await queryClient.fetchQuery({ ...brandQueryOptions(brand.domain), staleTime: 0 });
      setFailure(null);
    } catch (error) {
      setFailure(error);
    } finally {
      setReloading(false);
    }
  };

  return (
    <Section title={title}>
      <div className={`brand-asset brand-asset--${kind}`}>
        <img
          className="brand-asset__image"
          src={src}
          alt={`${setting.domainTitle} ${title.toLowerCase()}`}
          style={{ backgroundColor: setting.bodyBgColor }}
        />
        <span className="mono brand-asset__url">{src}</span>
      </div>
      <FieldFrame
        label={`New ${title.toLowerCase()}`}
        error={problem}
        hint={`PNG, WebP, SVG or ICO, at most ${formatKilobytes(BRAND_ASSET_MAX_BYTES)}. It replaces the current ${title.toLowerCase()} at once.`}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={BRAND_ASSET_ACCEPT}
            disabled={upload.isPending}
            onChange={(event) => void choose(event)}
          />
        )}
      </FieldFrame>
      {upload.isPending ? <p role="status">Uploading…</p> : null}
      <SaveFeedback
        failure={failure}
        what="this brand"
        onReload={() => void reload()}
        reloading={reloading}
      />
      {uploaded ? (
        <Notice tone="success">
          <p>{uploaded}</p>
        </Notice>
      ) : null}
    </Section>
  );
}

/** The brand's logo and favicon tab. */
export function BrandAssets({ brand }: { brand: Brand }) {
  return (
    <div className="brand-assets">
      <AssetUpload brand={brand} kind="logo" />
      <AssetUpload brand={brand} kind="favicon" />
    </div>
  );
}
