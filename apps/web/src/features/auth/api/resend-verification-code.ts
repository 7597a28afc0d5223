import { resendCodeResultSchema } from '@backlay/contract/account';
import { API_ROUTES } from '@backlay/contract/routes';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';

export type ResendCodeResult = z.output<typeof resendCodeResultSchema>;

/** Sends a new code to a pending sign-up (`POST Account/ResendVerificationCode`). */
export function resendVerificationCode(userName: string): Promise<ResendCodeResult> {
  return callParsed(API_ROUTES.resendVerificationCode, resendCodeResultSchema, {
    body: { userName },
  });
}

/** The resend mutation. */
export function useResendVerificationCode() {
  return useMutation({ mutationFn: resendVerificationCode });
}
