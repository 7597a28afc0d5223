import { resetEnrolmentRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { operatorsQueryOptions } from './operators';

export type ResetEnrolmentInput = AdminRequest<typeof resetEnrolmentRoute>;

/**
 * A new enrolment link for an operator who lost their phone; their old password and
 * authenticator stop working (`POST operators/reset-enrolment`).
 */
export function resetEnrolment(input: ResetEnrolmentInput) {
  return callAdmin(resetEnrolmentRoute, input);
}

export function useResetEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetEnrolment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsQueryOptions().queryKey }),
  });
}
