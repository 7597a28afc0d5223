/**
 * Campaigns for a fresh install, from `config/domains/bonus-campaigns.json` (the way brands and
 * the casino catalogue are seeded): each entry is made once on each brand it names (`"*"`: every
 * brand, and the test settings), and never again, so an operator's edit or pause stays.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createCampaignRequestSchema } from '@backlay/contract/admin-bonuses';
import type { Database } from '../../db/database';
import { createCampaign } from './campaigns';

export const BONUS_SEED_FILE = 'bonus-campaigns.json';

const seedSchema = z.object({
  campaigns: z.array(
    createCampaignRequestSchema.omit({ brand: true }).extend({
      key: z.string().regex(/^[a-z0-9-]{1,64}$/),
      brands: z.union([z.literal('*'), z.array(z.string().min(1))]),
    }),
  ),
});
export type BonusSeed = z.infer<typeof seedSchema>;

/** The seed file's campaigns (none when the file is absent). */
export function readBonusSeed(domainsDir: string): BonusSeed {
  const file = path.join(domainsDir, BONUS_SEED_FILE);
  if (!fs.existsSync(file)) return { campaigns: [] };
  return seedSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** Makes the seed's campaigns the brands lack; returns how many were made. */
export async function seedBonusCampaigns(
  db: Database,
  seed: BonusSeed,
  brands: readonly string[],
): Promise<number> {
  if (seed.campaigns.length === 0) return 0;
  const have = new Set(
    (
      await db.query<{ domain: string; seed_key: string }>(
        'SELECT domain, seed_key FROM bonus_campaigns WHERE seed_key IS NOT NULL',
      )
    ).map((row) => `${row.domain}\n${row.seed_key}`),
  );
  let made = 0;
  for (const { key, brands: named, ...fields } of seed.campaigns) {
    for (const brand of named === '*' ? brands : named) {
      if (have.has(`${brand}\n${key}`)) continue;
      const row = await db.transaction((tx) =>
        createCampaign(tx, { ...fields, brand, seedKey: key }),
      );
      if (row) made++;
    }
  }
  return made;
}
