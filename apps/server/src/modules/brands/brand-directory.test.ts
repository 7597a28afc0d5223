import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTRY } from '@backlay/domains/registry';
import { testAppConfig, migratedTestDatabase, TEST_BACKENDS } from '../../test-helper';
import { createDomainRules } from './domain-rules';
import { fileBrandDirectory, openBrandDirectory, seedBrandDocuments } from './brand-directory';

const domainsDir = testAppConfig().domainsDir;
const silent = { error() {}, warn() {}, info() {} } as unknown as Parameters<
  typeof openBrandDirectory
>[0]['log'];

/** A copy of config/domains in which raceday.bet switches cash out off. */
function domainsWithBrandCashOutOff(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-brands-'));
  fs.cpSync(domainsDir, dir, { recursive: true, filter: (file) => !file.includes('node_modules') });
  const file = path.join(dir, 'betting.json');
  const rules = JSON.parse(fs.readFileSync(file, 'utf8'));
  rules.domains['raceday.bet'] = { ...rules.domains['raceday.bet'], cashOut: false };
  fs.writeFileSync(file, JSON.stringify(rules));
  return dir;
}

describe('cash out per brand, from config/domains', () => {
  it('is on by the platform default and off where a brand says so', () => {
    const shipped = createDomainRules(domainsDir);
    expect(shipped.cashOutEnabled('raceday.bet')).toBe(true);
    expect(shipped.cashOutEnabled('test')).toBe(true);
    const rules = createDomainRules(domainsWithBrandCashOutOff());
    expect(rules.cashOutEnabled('raceday.bet')).toBe(false);
    expect(rules.cashOutEnabled('99exch.com')).toBe(true);
  });
});

describe.each(TEST_BACKENDS)('the brand directory (%s)', (backend) => {
  it('seeds every brand of config/domains once, and never overwrites an operator’s change', async () => {
    const db = await migratedTestDatabase(backend);
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
      expect(rules.cashOutEnabled('99exch.com')).toBe(fromFiles.cashOutEnabled('99exch.com'));
      expect(rules.siteSuspended('closedbook.in')).toBe(true);
      expect(rules.siteSuspended('nobody.example')).toBe(true);

      await db.query(
        `UPDATE brand_documents SET document = jsonb_set(document, '{settings,setting,domainTitle}', '"Renamed"'),
           version = 2 WHERE name = '99exch.com'`,
      );
      expect(await seedBrandDocuments(db, domainsDir)).toBe(0);
      await directory.reload();
      expect(directory.settings('99exch.com')?.setting.domainTitle).toBe('Renamed');

      // The platform switches cash out off: brands without their own say follow at once, and a
      // brand that switches it on keeps it.
      const change = (name: string, sql: string) =>
        db.query(
          `UPDATE brand_documents SET document = ${sql}, version = version + 1 WHERE name = $1`,
          [name],
        );
      await change('betting-defaults', `jsonb_set(document, '{cashOut}', 'false')`);
      await change('kabaddikings.in', `jsonb_set(document, '{betting,cashOut}', 'true')`);
      await directory.reload();
      expect(rules.cashOutEnabled('99exch.com')).toBe(false);
      expect(rules.cashOutEnabled('kabaddikings.in')).toBe(true);
      // Platform rules saved before the switch existed leave it on.
      await change('betting-defaults', `document - 'cashOut'`);
      await directory.reload();
      expect(rules.cashOutEnabled('99exch.com')).toBe(true);
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
