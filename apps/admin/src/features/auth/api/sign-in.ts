import type { SignInResult } from '@backlay/contract/admin';
import { signInRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { meQueryOptions } from '../../../shared/session/me-query';
import { startSession } from '../../../shared/session/session';

export type SignInInput = AdminRequest<typeof signInRoute>;

/** Signs an operator in with password and code (`POST session/sign-in`). */
export function signIn(input: SignInInput): Promise<SignInResult> {
  return callAdmin(signInRoute, input);
}

/**
 * Signs in and keeps the session in this tab; the operator it answers goes into the cache
 * the guard reads, so the first page opens without asking again.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      // Nothing another operator loaded in this tab may outlive their session.
      queryClient.clear();
      startSession({ token: result.token, expiresAt: result.expiresAt });
      queryClient.setQueryData(meQueryOptions().queryKey, result.operator);
    },
  });
}
