import type { GamblingBreak, takeTimeOutSchema } from '@backlay/contract/responsible-gambling';
import { takeTimeOutRoute } from '@backlay/contract/responsible-gambling-calls';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';

export type TakeTimeOutInput = z.output<typeof takeTimeOutSchema>;

/**
 * Starts a time-out once the password is right (`POST ResponsibleGambling/TakeTimeOut`). The
 * server ends every session of the player at once; the answer says until when.
 */
export function takeTimeOut(input: TakeTimeOutInput): Promise<GamblingBreak> {
  return callParsed(takeTimeOutRoute, { body: input });
}

/** The time-out mutation. */
export function useTakeTimeOut() {
  return useMutation({ mutationFn: takeTimeOut });
}
