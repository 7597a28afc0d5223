import { enrolmentRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';

export type Enrolment = AdminResult<typeof enrolmentRoute>;

/** What an enrolment link sets up: the operator, and the TOTP secret as QR code and text. */
export function fetchEnrolment(token: string, signal?: AbortSignal): Promise<Enrolment> {
  return callAdmin(enrolmentRoute, { token }, { signal });
}

/** The enrolment of a link; read once, as the link is spent once it is completed. */
export function enrolmentQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['enrolment', token] as const,
    queryFn: ({ signal }) => fetchEnrolment(token, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useEnrolment(token: string) {
  return useQuery({ ...enrolmentQueryOptions(token), enabled: token !== '' });
}
