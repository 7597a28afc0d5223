import { isExpired, type SessionState } from '../../../shared/session/session-store';

/** The player this browser is logged in as. */
export interface LoggedInPlayer {
  /** The name to greet them by; null when the stored user info has none. */
  userName: string | null;
}

/**
 * Who is logged in, if anyone: a stored access token that has not expired. An expired one
 * is as good as none, so the login form is offered again.
 */
export function loggedInPlayer(session: SessionState, nowMs: number): LoggedInPlayer | null {
  if (session.accessToken === null || isExpired(session, nowMs)) return null;
  return { userName: session.userInfo?.userName.trim() || null };
}
