import { useHubState, type HubState } from '../../shared/hub/hub-status';
import { useSession } from '../../shared/session/use-session';

const DESCRIPTIONS: Record<HubState, string> = {
  connected: 'Live updates on',
  connecting: 'Live updates connecting',
  reconnecting: 'Live updates reconnecting',
  disconnecting: 'Live updates stopping',
  disconnected: 'Live updates off',
};

/** A small dot in the header telling a player whether balance and odds update live. */
export function HubStatusDot() {
  const { loggedIn } = useSession();
  const state = useHubState();
  if (!loggedIn) return null;
  return (
    <span
      className={`hub-status hub-status--${state}`}
      role="img"
      aria-label={DESCRIPTIONS[state]}
      title={DESCRIPTIONS[state]}
      data-testid="hub-status"
      data-state={state}
    />
  );
}
