import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTRY } from '@backlay/domains/registry';
import { testAppConfig, testDatabase, TEST_BACKENDS } from '../../test-helper';
import { migrate } from '../../db/migrate';
import { createDomainRules } from './domain-rules';
import { fileBrandDirectory, openBrandDirectory, seedBrandDocuments } from './brand-directory';

const domainsDir = testAppConfig().domainsDir;
const silent = { error() {}, warn() {}, info() {} } as unknown as Parameters<
  typeof openBrandDirectory
>[0]['log'];

describe.each(TEST_BACKENDS)('the brand directory (%s)', (backend) => {
  it('seeds every brand of config/domains once, and never overwrites an operator’s change', async () => {
    const db = await testDatabase(backend);
    await migrate(db);
    const directory = await openBrandDirectory({ db, domainsDir, log: silent });
    try {
      const files = fileBrandDirectory(domainsDir);
      expect(
        directory
          .registry()
          .domains.map((d) => d.domain)
          .sort(),
      ).toEqual(REGISTRY.domains.map((d) => d.domain).sort());
      for (const name of ['99exch.com', 'test', 'default']) {
        expect(JSON.parse(directory.settingsFile(name) ?? 'null'), name).toEqual(
          JSON.parse(fs.readFileSync(path.join(domainsDir, 'settings', `${name}.json`), 'utf8')),
        );
      }
      const rules = createDomainRules(directory);
      const fromFiles = createDomainRules(files);
      for (const domain of ['raceday.bet', 'kabaddikings.in', '99exch.com']) {
        for (const sport of [1, 3, 26] as const) {
          expect(rules.limits(domain, sport, 'MATCH_ODDS')).toEqual(
            fromFiles.limits(domain, sport, 'MATCH_ODDS'),
          );
        }
      }
      expect(rules.siteSuspended('closedbook.in')).toBe(true);
      expect(rules.siteSuspended('nobody.example')).toBe(true);

      await db.query(
        `UPDATE brand_documents SET document = jsonb_set(document, '{settings,setting,domainTitle}', '"Renamed"'),
           version = 2 WHERE name = '99exch.com'`,
      );
      expect(await seedBrandDocuments(db, domainsDir)).toBe(0);
      await directory.reload();
      expect(directory.settings('99exch.com')?.setting.domainTitle).toBe('Renamed');
      const versions = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM brand_document_versions',
      );
      expect(versions[0]?.n).toBe(REGISTRY.domains.length + 3);
      await expect(
        db.query('DELETE FROM brand_document_versions WHERE name = $1', ['99exch.com']),
      ).rejects.toThrow(/append-only/);
    } finally {
      directory.close();
    }
  });
});
