import { useId } from 'react';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { useSession } from '../../../shared/session/use-session';
import { userIcon } from '../../../shared/icons/set/user-icon';
import { usePopover } from '../hooks/use-popover';
import { AccountLinks } from './account-links';
import './user-menu.css';

const messages = i18n('account/user-menu', {
  account: 'Account',
  /** Shown for a player whose stored user info has no name. */
  player: 'Player',
});

/** The header's account menu: the player's name (Demo for demo), every account page, Logout. */
export function UserMenu() {
  const t = useMessages(messages);
  const { loggedIn, userInfo } = useSession();
  const { open, toggle, close, root } = usePopover<HTMLDivElement>();
  const menuId = useId();

  if (!loggedIn) return null;
  const name = userInfo?.userName || t.player;
  return (
    <div className="user-menu" ref={root} data-testid="user-menu">
      <button
        type="button"
        className="user-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
      >
        <Icon icon={userIcon} className="user-menu__icon" />
        <span className="user-menu__name" data-testid="user-name">
          {name}
        </span>
      </button>
      {open ? (
        <nav className="user-menu__panel" id={menuId} aria-label={t.account}>
          <AccountLinks onPick={close} />
        </nav>
      ) : null}
    </div>
  );
}
