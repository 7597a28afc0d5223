import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoDomains = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../config/domains',
);

/** A broken settings file: not JSON at all. */
export const MALFORMED_HOST = 'broken-json.example';
/** A settings file that parses but lacks required fields. */
export const PARTIAL_HOST = 'missing-fields.example';
/** A hostname with no settings file at all. */
export const UNKNOWN_HOST = 'no-settings.example';

/**
 * Copies the real domain registry to a temporary folder and adds two bad settings files,
 * so the tests can prove a broken file ends in maintenance without touching the repository.
 */
export function prepareDomainsDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-e2e-domains-'));
  fs.cpSync(repoDomains, dir, {
    recursive: true,
    filter: (source) => !source.includes('node_modules'),
  });
  const settings = path.join(dir, 'settings');
  fs.writeFileSync(path.join(settings, `${MALFORMED_HOST}.json`), '{"setting": {"domain": ');
  const partial = JSON.parse(fs.readFileSync(path.join(settings, '99exch.com.json'), 'utf8'));
  delete partial.setting.domainTitle;
  delete partial.setting.bodyBgColor;
  fs.writeFileSync(path.join(settings, `${PARTIAL_HOST}.json`), JSON.stringify(partial));
  return dir;
}
