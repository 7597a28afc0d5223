import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../shared/icons/icon';
import { paths } from '../../../shared/paths';
import { logout } from '../../../shared/session/session-end';
import { useSession } from '../../../shared/session/use-session';
import { keyIcon } from '../../../shared/icons/set/key-icon';
import { logoutIcon } from '../../../shared/icons/set/logout-icon';
import { shieldIcon } from '../../../shared/icons/set/shield-icon';
import { slidersIcon } from '../../../shared/icons/set/sliders-icon';
import { userIcon } from '../../../shared/icons/set/user-icon';
import './user-menu.css';

/** The header's account menu: the player's name (Demo for demo), account pages and Logout. */
export function UserMenu() {
  const { loggedIn, userInfo } = useSession();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node && root.current?.contains(event.target))) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  if (!loggedIn) return null;
  const name = userInfo?.userName || 'Player';
  return (
    <div className="user-menu" ref={root} data-testid="user-menu">
      <button
        type="button"
        className="user-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon icon={userIcon} className="user-menu__icon" />
        <span className="user-menu__name" data-testid="user-name">
          {name}
        </span>
      </button>
      {open ? (
        <div className="user-menu__panel" id={menuId}>
          <Link
            className="user-menu__item"
            to={paths.changePassword.path}
            onClick={() => setOpen(false)}
          >
            <Icon icon={keyIcon} />
            Change password
          </Link>
          <Link
            className="user-menu__item"
            to={paths.changeButtonValues.path}
            onClick={() => setOpen(false)}
          >
            <Icon icon={slidersIcon} />
            Stake buttons
          </Link>
          <Link
            className="user-menu__item"
            to={paths.responsibleGambling.path}
            onClick={() => setOpen(false)}
          >
            <Icon icon={shieldIcon} />
            Responsible gambling
          </Link>
          <button
            type="button"
            className="user-menu__item user-menu__item--logout"
            onClick={logout}
          >
            <Icon icon={logoutIcon} />
            Logout
          </button>
        </div>
      ) : null}
    </div>
  );
}
