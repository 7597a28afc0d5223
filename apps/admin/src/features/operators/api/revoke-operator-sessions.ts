import { revokeOperatorSessionsRoute } from '@backlay/contract/admin-calls';
import { useMutation } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';

export type RevokeOperatorSessionsInput = AdminRequest<typeof revokeOperatorSessionsRoute>;

/** Ends every session of an operator (`POST operators/revoke-sessions`). */
export function revokeOperatorSessions(input: RevokeOperatorSessionsInput) {
  return callAdmin(revokeOperatorSessionsRoute, input);
}

export function useRevokeOperatorSessions() {
  return useMutation({ mutationFn: revokeOperatorSessions });
}
