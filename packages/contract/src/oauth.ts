import { z } from 'zod';
import { stakeButtonSchema } from './account';

/**
 * RFC 6749 §5.1: the token answer of `v1/token/token`, a plain JSON object (not the envelope),
 * with what the player client needs to start its session beside the standard fields.
 */
export const oauthTokenResultSchema = z.object({
  access_token: z.string(),
  token_type: z.enum(['Bearer']),
  expires_in: z.number().int().positive(),
  refresh_token: z.string(),
  casino_token: z.string(),
  user_name: z.string(),
  domain: z.string(),
  stakes: z.array(stakeButtonSchema),
  user_ip: z.string(),
});
export type OAuthTokenResult = z.infer<typeof oauthTokenResultSchema>;
