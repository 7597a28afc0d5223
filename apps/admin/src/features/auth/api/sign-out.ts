import { signOutRoute } from '@backlay/contract/admin-calls';
import { callAdmin } from '../../../shared/api/call-admin';
import { endSession } from '../../../shared/session/session';

/**
 * Signs out at the server (`POST session/sign-out`), then forgets the session in this tab
 * whatever the server answered: an operator who asks to leave must leave. Resolves to whether
 * the server confirmed; a token it did not hear about still ends at its expiry.
 */
export async function signOutAndForget(): Promise<boolean> {
  const confirmed = await callAdmin(signOutRoute, {}).then(
    () => true,
    () => false,
  );
  endSession('signed-out');
  return confirmed;
}
