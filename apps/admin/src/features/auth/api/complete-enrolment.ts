import { completeEnrolmentRoute } from '@backlay/contract/admin-calls';
import { useMutation } from '@tanstack/react-query';
import { callAdmin, type AdminRequest, type AdminResult } from '../../../shared/api/call-admin';

export type CompleteEnrolmentInput = AdminRequest<typeof completeEnrolmentRoute>;

/** Sets the password and proves the authenticator app (`POST enrolment/complete`). */
export function completeEnrolment(
  input: CompleteEnrolmentInput,
): Promise<AdminResult<typeof completeEnrolmentRoute>> {
  return callAdmin(completeEnrolmentRoute, input);
}

export function useCompleteEnrolment() {
  return useMutation({ mutationFn: completeEnrolment });
}
