import { updateOperatorRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { meQueryOptions } from '../../../shared/session/me-query';
import { operatorsQueryOptions } from './operators';

export type UpdateOperatorInput = AdminRequest<typeof updateOperatorRoute>;

/** Changes an operator's role, brands or whether they are disabled (`POST operators/update`). */
export function updateOperator(input: UpdateOperatorInput) {
  return callAdmin(updateOperatorRoute, input);
}

/** Updates an operator; the list, and the signed-in operator (who may have changed their own), are read again. */
export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOperator,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
      ]),
  });
}
