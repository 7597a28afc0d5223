import { useId } from 'react';
import { Icon } from '../../../shared/icons/icon';
import { useSession } from '../../../shared/session/use-session';
import { userIcon } from '../../../shared/icons/set/user-icon';
import { usePopover } from '../hooks/use-popover';
import { AccountLinks } from './account-links';
import './user-menu.css';

/** The header's account menu: the player's name (Demo for demo), every account page, Logout. */
export function UserMenu() {
  const { loggedIn, userInfo } = useSession();
  const { open, toggle, close, root } = usePopover<HTMLDivElement>();
  const menuId = useId();

  if (!loggedIn) return null;
  const name = userInfo?.userName || 'Player';
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
        <nav className="user-menu__panel" id={menuId} aria-label="Account">
          <AccountLinks onPick={close} />
        </nav>
      ) : null}
    </div>
  );
}
