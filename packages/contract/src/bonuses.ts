/** Bonus calls on the wire (spec §7: `Bonus/GetBonuses`, `Bonus/Claim`); amounts in rupees. */
import { z } from 'zod';

export const BONUS_STATUSES = ['AVAILABLE', 'CLAIMED', 'EXPIRED'] as const;

export const bonusSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  amount: z.number(),
  status: z.enum(BONUS_STATUSES),
  expiresAt: z.string().nullable(),
});
export type Bonus = z.infer<typeof bonusSchema>;
export const bonusListSchema = z.array(bonusSchema);

/** `Bonus/Claim` is a GET: the bonus is named in the query. */
export const claimBonusQuerySchema = z.object({ bonusId: z.string().trim().min(1).max(64) });
export const claimBonusResultSchema = z.object({
  bonus: bonusSchema,
  balance: z.number(),
  exposure: z.number(),
});
