import type { LoginResult, verificationRequestSchema } from '@backlay/contract/account';
import { verifyUserRoute } from '@backlay/contract/account-calls';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';

export type VerificationInput = z.output<typeof verificationRequestSchema>;

/** Confirms a sign-up with its code; the player is logged in (`POST Account/VerificationUser`). */
export function verifyUser(input: VerificationInput): Promise<LoginResult> {
  return callParsed(verifyUserRoute, { body: input });
}

/** The verification mutation. */
export function useVerifyUser() {
  return useMutation({ mutationFn: verifyUser });
}
