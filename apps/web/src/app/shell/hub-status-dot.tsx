import { useHubState, type HubState } from '../../shared/hub/hub-status';
import { i18n, useMessages } from '../../shared/i18n/i18n';
import { useSession } from '../../shared/session/use-session';

/** What each state of the hub connection means to a player, by the state's name. */
const messages = i18n('app/hub-status', {
  connected: 'Live updates on',
  connecting: 'Live updates connecting',
  reconnecting: 'Live updates reconnecting',
  disconnecting: 'Live updates stopping',
  disconnected: 'Live updates off',
} satisfies Record<HubState, string>);

/** A small dot in the header telling a player whether balance and odds update live. */
export function HubStatusDot() {
  const { loggedIn } = useSession();
  const state = useHubState();
  const t = useMessages(messages);
  if (!loggedIn) return null;
  return (
    <span
      className={`hub-status hub-status--${state}`}
      role="img"
      aria-label={t[state]}
      title={t[state]}
      data-testid="hub-status"
      data-state={state}
    />
  );
}
