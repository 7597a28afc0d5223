import { resendVerificationCodeRoute } from '@backlay/contract/account-calls';
import { useMutation } from '@tanstack/react-query';
import type { RouteResult } from '@backlay/contract/route-entry';
import { callParsed } from '../../../shared/api/call-api';

export type ResendCodeResult = RouteResult<typeof resendVerificationCodeRoute>;

/** Sends a new code to a pending sign-up (`POST Account/ResendVerificationCode`). */
export function resendVerificationCode(userName: string): Promise<ResendCodeResult> {
  return callParsed(resendVerificationCodeRoute, {
    body: { userName },
  });
}

/** The resend mutation. */
export function useResendVerificationCode() {
  return useMutation({ mutationFn: resendVerificationCode });
}
