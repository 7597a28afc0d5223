/**
 * Operators' changes to brands: create a brand, edit one (settings, registry entry, betting
 * rules), upload its logo or favicon, edit the platform's betting rules. Each change is one
 * transaction that checks the version it was made on (a stale edit is a 409, never a silent
 * overwrite), writes the new version beside every older one, records the caller's audit entry,
 * and once committed reloads this instance's directory and announces the change to the others.
 */
import {
  TEST_BRAND,
  type BettingDefaults,
  type BettingDefaultsState,
  type Brand,
  type BrandDocument,
  type BrandList,
  type BrandVersions,
  type CreateBrandRequest,
  type UpdateBrandRequest,
  type UploadBrandAssetRequest,
} from '@backlay/contract/admin-brands';
import { isTestHost, type DomainRegistry } from '@backlay/domains/registry';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { checkBrandAsset } from './brand-assets';
import type { LiveBrandDirectory } from './brand-directory';
import { BETTING_DEFAULTS, type DocumentKind } from './brand-documents';

/** Where uploaded brand images are served (the seed's own stay under `/cdn/assets/`). */
export const BRAND_UPLOADS_PREFIX = '/cdn/uploads/';

/** Writes the caller's audit entry in the change's transaction. */
export type RecordChange = (
  tx: Queryable,
  change: { before: unknown; after: unknown },
) => Promise<void>;

interface DocumentRow {
  name: string;
  kind: DocumentKind;
  document: unknown;
  version: number;
  updated_at: Date;
  updated_by: string | null;
}

const SELECT_DOCUMENT = `
  SELECT d.name, d.kind, d.document, d.version, d.updated_at, o.user_name AS updated_by
  FROM brand_documents d LEFT JOIN operators o ON o.id = d.updated_by`;

function stampOf(row: DocumentRow) {
  return {
    version: row.version,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

function brandOf(row: DocumentRow): Brand {
  return { domain: row.name, ...(row.document as BrandDocument), ...stampOf(row) };
}

const notFound = (domain: string) => new ApiError('NOT_FOUND', `There is no brand ${domain}.`);

const staleVersion = () =>
  new ApiError(
    'CONFLICT',
    'Someone else changed this since you opened it. Reload to see their version, then make your change again.',
  );

/** Refuses a document whose parts contradict each other or another brand's hostnames. */
async function checkDocument(
  tx: Queryable,
  domain: string,
  document: BrandDocument,
  registry: DomainRegistry,
): Promise<void> {
  const issues: string[] = [];
  // A test or preview host (first label test, preview, staging) is always the test brand.
  for (const host of domain === TEST_BRAND ? [] : [domain, ...document.entry.aliases]) {
    if (isTestHost(host, registry)) {
      issues.push(
        `${host === domain ? 'domain' : 'entry.aliases'}: ${host} is a test host name, which always shows the test brand.`,
      );
    }
  }
  if (document.settings.setting.domain !== domain) {
    issues.push(`settings.setting.domain: Must be the brand's own name, ${domain}.`);
  }
  const aliases = document.entry.aliases;
  if (domain === TEST_BRAND && aliases.length > 0) {
    issues.push('entry.aliases: The test brand is reached by test hosts, never by aliases.');
  }
  if (aliases.includes(domain)) issues.push('entry.aliases: An alias cannot be the domain itself.');
  if (new Set(aliases).size !== aliases.length) issues.push('entry.aliases: An alias is repeated.');
  if (issues.length === 0) {
    // Hostnames are unique across brands; the table lock makes the check and the write one step.
    await tx.query('LOCK TABLE brand_documents IN SHARE ROW EXCLUSIVE MODE');
    const taken = await tx.query<{ name: string; host: string }>(
      `SELECT name, host FROM brand_documents d,
         LATERAL (SELECT d.name AS host UNION ALL
                  SELECT jsonb_array_elements_text(d.document->'entry'->'aliases')) h
       WHERE d.kind = 'brand' AND d.name <> $1 AND host = ANY($2::text[])`,
      [domain, [domain, ...aliases]],
    );
    for (const { name, host } of taken) {
      issues.push(
        host === domain
          ? `domain: ${domain} is already served by ${name}.`
          : `entry.aliases: ${host} is already served by ${name}.`,
      );
    }
  }
  if (issues.length > 0) throw new ApiError('VALIDATION_FAILED', issues.join(' '));
}

export function createBrandService({
  db,
  directory,
}: {
  db: Database;
  directory: LiveBrandDirectory;
}) {
  async function row(q: Queryable, name: string, lock = false): Promise<DocumentRow | undefined> {
    const [found] = await q.query<DocumentRow>(
      `${SELECT_DOCUMENT} WHERE d.name = $1${lock ? ' FOR UPDATE OF d' : ''}`,
      [name],
    );
    return found;
  }

  /** Writes `document` as the next version of `name` (version 1 when `expected` is null). */
  async function writeVersion(
    tx: Queryable,
    name: string,
    kind: DocumentKind,
    document: unknown,
    operatorId: string,
    expected: number | null,
  ): Promise<DocumentRow> {
    const json = JSON.stringify(document);
    if (expected === null) {
      const [created] = await tx.query<{ name: string }>(
        `INSERT INTO brand_documents (name, kind, document, version, updated_by)
         VALUES ($1, $2, $3::jsonb, 1, $4) ON CONFLICT (name) DO NOTHING RETURNING name`,
        [name, kind, json, operatorId],
      );
      if (!created) throw new ApiError('CONFLICT', `The brand ${name} already exists.`);
    } else {
      const [updated] = await tx.query<{ name: string }>(
        `UPDATE brand_documents SET document = $2::jsonb, version = version + 1,
           updated_at = now(), updated_by = $3
         WHERE name = $1 AND version = $4 RETURNING name`,
        [name, json, operatorId, expected],
      );
      if (!updated) throw staleVersion();
    }
    await tx.query(
      `INSERT INTO brand_document_versions (name, version, document, changed_at, changed_by)
       SELECT name, version, document, updated_at, updated_by FROM brand_documents
       WHERE name = $1`,
      [name],
    );
    const written = await row(tx, name);
    if (!written) throw new Error(`brand document ${name} vanished inside its own transaction`);
    return written;
  }

  /** Runs a change, then refreshes this instance and tells the others. */
  async function change<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    await directory.announceChange();
    return result;
  }

  async function existingBrand(q: Queryable, domain: string, lock = false) {
    const found = await row(q, domain, lock);
    if (found?.kind !== 'brand') throw notFound(domain);
    return found;
  }

  return {
    async list(): Promise<BrandList> {
      const rows = await db.query<DocumentRow>(
        `${SELECT_DOCUMENT} WHERE d.kind = 'brand' ORDER BY d.name = '${TEST_BRAND}', d.name`,
      );
      return {
        brands: rows.map((found) => {
          const brand = brandOf(found);
          return {
            domain: brand.domain,
            title: brand.settings.setting.domainTitle,
            theme: brand.entry.theme,
            aliases: brand.entry.aliases,
            suspended: brand.settings.setting.siteSuspended,
            mainLogo: brand.settings.setting.mainLogo,
            ...stampOf(found),
          };
        }),
      };
    },

    async detail(domain: string): Promise<Brand> {
      return brandOf(await existingBrand(db, domain));
    },

    async versions(domain: string): Promise<BrandVersions> {
      await existingBrand(db, domain);
      const rows = await db.query<{
        version: number;
        changed_at: Date;
        changed_by: string | null;
        document: BrandDocument;
      }>(
        `SELECT v.version, v.changed_at, o.user_name AS changed_by, v.document
         FROM brand_document_versions v LEFT JOIN operators o ON o.id = v.changed_by
         WHERE v.name = $1 ORDER BY v.version DESC LIMIT 200`,
        [domain],
      );
      return {
        domain,
        versions: rows.map((v) => ({
          version: v.version,
          changedAt: v.changed_at.toISOString(),
          changedBy: v.changed_by,
          document: v.document,
        })),
      };
    },

    create(input: CreateBrandRequest, operatorId: string, record: RecordChange): Promise<Brand> {
      const { domain, ...document } = input;
      return change(async (tx) => {
        await checkDocument(tx, domain, document, directory.registry());
        const created = brandOf(
          await writeVersion(tx, domain, 'brand', document, operatorId, null),
        );
        await record(tx, { before: null, after: document });
        return created;
      });
    },

    update(input: UpdateBrandRequest, operatorId: string, record: RecordChange): Promise<Brand> {
      const { domain, version, ...document } = input;
      return change(async (tx) => {
        const before = await existingBrand(tx, domain, true);
        if (before.version !== version) throw staleVersion();
        await checkDocument(tx, domain, document, directory.registry());
        const written = await writeVersion(tx, domain, 'brand', document, operatorId, version);
        await record(tx, { before: before.document, after: document });
        return brandOf(written);
      });
    },

    /** Stores the image under its content's name and points the brand's logo or favicon at it. */
    uploadAsset(
      input: UploadBrandAssetRequest,
      operatorId: string,
      record: RecordChange,
    ): Promise<Brand> {
      const asset = checkBrandAsset(input.kind, input.dataBase64);
      return change(async (tx) => {
        const before = await existingBrand(tx, input.domain, true);
        if (before.version !== input.version) throw staleVersion();
        const path = `${input.domain}/${asset.fileName}`;
        await tx.query(
          `INSERT INTO brand_assets (path, brand, content_type, bytes, created_by)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (path) DO NOTHING`,
          [path, input.domain, asset.contentType, asset.bytes, operatorId],
        );
        const document = before.document as BrandDocument;
        const field = input.kind === 'logo' ? 'mainLogo' : 'favicon';
        const url = `${BRAND_UPLOADS_PREFIX}${path}`;
        const next: BrandDocument = {
          ...document,
          settings: {
            ...document.settings,
            setting: { ...document.settings.setting, [field]: url },
          },
        };
        const written = await writeVersion(
          tx,
          input.domain,
          'brand',
          next,
          operatorId,
          input.version,
        );
        await record(tx, {
          before: { [field]: document.settings.setting[field] },
          after: { [field]: url, bytes: asset.bytes.length, contentType: asset.contentType },
        });
        return brandOf(written);
      });
    },

    /** An uploaded image by its path under the uploads prefix. */
    async asset(path: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
      const [found] = await db.query<{ content_type: string; bytes: Uint8Array }>(
        'SELECT content_type, bytes FROM brand_assets WHERE path = $1',
        [path],
      );
      return found && { contentType: found.content_type, bytes: Buffer.from(found.bytes) };
    },

    async bettingDefaults(): Promise<BettingDefaultsState> {
      const found = await row(db, BETTING_DEFAULTS);
      if (!found) throw new Error('the platform betting rules were never seeded');
      return { rules: found.document as BettingDefaults, ...stampOf(found) };
    },

    updateBettingDefaults(
      input: { rules: BettingDefaults; version: number },
      operatorId: string,
      record: RecordChange,
    ): Promise<BettingDefaultsState> {
      return change(async (tx) => {
        const before = await row(tx, BETTING_DEFAULTS, true);
        if (!before) throw new Error('the platform betting rules were never seeded');
        if (before.version !== input.version) throw staleVersion();
        const written = await writeVersion(
          tx,
          BETTING_DEFAULTS,
          'betting-defaults',
          input.rules,
          operatorId,
          input.version,
        );
        await record(tx, { before: before.document, after: input.rules });
        return { rules: written.document as BettingDefaults, ...stampOf(written) };
      });
    },
  };
}

export type BrandService = ReturnType<typeof createBrandService>;
