import {
  loginResultSchema,
  type LoginResult,
  type verificationRequestSchema,
} from '@backlay/contract/account';
import { API_ROUTES } from '@backlay/contract/routes';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';

export type VerificationInput = z.output<typeof verificationRequestSchema>;

/** Confirms a sign-up with its code; the player is logged in (`POST Account/VerificationUser`). */
export function verifyUser(input: VerificationInput): Promise<LoginResult> {
  return callParsed(API_ROUTES.verifyUser, loginResultSchema, { body: input });
}

/** The verification mutation. */
export function useVerifyUser() {
  return useMutation({ mutationFn: verifyUser });
}
