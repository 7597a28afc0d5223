import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const settingsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../config/domains/settings',
);

/** The server's port, as the config chose it. */
export const PORT = Number(process.env.E2E_PORT ?? 18080);

/** The URL of a page as a brand's players reach it. */
export function brandUrl(hostname: string, pathname: string): string {
  return `http://${hostname}:${PORT}${pathname}`;
}

/** A domain's setting as its settings file holds it (the source of truth the page must show). */
export function settingOf(domain: string): {
  domainTitle: string;
  description: string;
  favicon: string;
  bodyBgColor: string;
} {
  return JSON.parse(fs.readFileSync(path.join(settingsDir, `${domain}.json`), 'utf8')).setting;
}
