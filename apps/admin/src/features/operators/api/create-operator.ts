import { createOperatorRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { operatorsQueryOptions } from './operators';

export type CreateOperatorInput = AdminRequest<typeof createOperatorRoute>;

/** Creates an operator and answers their enrolment link (`POST operators/create`). */
export function createOperator(input: CreateOperatorInput) {
  return callAdmin(createOperatorRoute, input);
}

export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOperator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsQueryOptions().queryKey }),
  });
}
