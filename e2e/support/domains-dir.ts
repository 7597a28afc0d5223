import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoDomains = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../config/domains',
);

/** A host whose settings arrive broken: not JSON at all. */
export const MALFORMED_HOST = 'broken-json.example';
/** A host whose settings arrive without required fields. */
export const PARTIAL_HOST = 'missing-fields.example';
/** A hostname with no settings file at all. */
export const UNKNOWN_HOST = 'no-settings.example';

/** A settings file that is not JSON at all. */
export const MALFORMED_SETTINGS = '{"setting": {"domain": ';

/** A settings file that parses but lacks required fields. */
export function partialSettings(): string {
  const partial = JSON.parse(
    fs.readFileSync(path.join(repoDomains, 'settings', '99exch.com.json'), 'utf8'),
  );
  delete partial.setting.domainTitle;
  delete partial.setting.bodyBgColor;
  return JSON.stringify(partial);
}

/**
 * Copies the real domain registry to a temporary folder, so a test run seeds its database from
 * a copy and never touches the repository.
 */
export function prepareDomainsDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-e2e-domains-'));
  fs.cpSync(repoDomains, dir, {
    recursive: true,
    filter: (source) => !source.includes('node_modules'),
  });
  return dir;
}
