import type { changePasswordRequestSchema, LoginResult } from '@backlay/contract/account';
import { changePasswordRoute } from '@backlay/contract/account-calls';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';
import { storeTokens } from '../../../shared/session/session-store';

export type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;

/**
 * Changes the password (`POST Account/changePassword`). The server signs every other
 * device out and answers with a fresh login result for this one.
 */
export function changePassword(input: ChangePasswordInput): Promise<LoginResult> {
  return callParsed(changePasswordRoute, { body: input });
}

/** The password-change mutation; the new tokens replace the old ones at once. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (result) => storeTokens(result),
  });
}
