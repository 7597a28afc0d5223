import type { GamblingBreak, selfExcludeSchema } from '@backlay/contract/responsible-gambling';
import { selfExcludeRoute } from '@backlay/contract/responsible-gambling-calls';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';

export type SelfExcludeInput = z.output<typeof selfExcludeSchema>;

/**
 * Starts a self-exclusion once the password is right (`POST ResponsibleGambling/SelfExclude`).
 * The server ends every session of the player at once; the answer says until when.
 */
export function selfExclude(input: SelfExcludeInput): Promise<GamblingBreak> {
  return callParsed(selfExcludeRoute, { body: input });
}

/** The self-exclusion mutation. */
export function useSelfExclude() {
  return useMutation({ mutationFn: selfExclude });
}
