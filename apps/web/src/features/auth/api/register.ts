import type { registerRequestSchema, RegisterResult } from '@backlay/contract/account';
import { registerRoute } from '@backlay/contract/account-calls';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';

/** A sign-up as the form validated it (mobile number already in +91 form). */
export type RegisterInput = z.output<typeof registerRequestSchema>;

/** Registers a player, who is then sent a verification code (`POST Account/Register`). */
export function register(input: RegisterInput): Promise<RegisterResult> {
  return callParsed(registerRoute, { body: input });
}

/** The sign-up mutation. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
