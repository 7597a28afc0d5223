import { useId } from 'react';
import { Link } from 'react-router';
import { useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { logout } from '../../../shared/session/session-end';
import { useSession } from '../../../shared/session/use-session';
import { logoutIcon } from '../../../shared/icons/set/logout-icon';
import { accountLinkMessages, accountLinksFor } from '../model/account-links';
import './account-links.css';

/**
 * The player's account pages under their headings, then Logout: the body of the header's
 * user menu and of the phone's account sheet. A demo player sees no real-money pages.
 */
export function AccountLinks({ onPick }: { onPick: () => void }) {
  const t = useMessages(accountLinkMessages);
  const { userInfo } = useSession();
  const groupId = useId();
  const groups = accountLinksFor(userInfo?.isDemo === true);
  return (
    <div className="account-links">
      {groups.map((group, i) => (
        <div
          key={group.title}
          className="account-links__group"
          role="group"
          aria-labelledby={`${groupId}-${i}`}
        >
          <span className="account-links__heading" id={`${groupId}-${i}`}>
            {t[group.title]}
          </span>
          {group.links.map((link) => (
            <Link key={link.href} className="account-links__item" to={link.href} onClick={onPick}>
              <Icon icon={link.icon} />
              {t[link.label]}
            </Link>
          ))}
        </div>
      ))}
      <button
        type="button"
        className="account-links__item account-links__item--logout"
        onClick={logout}
      >
        <Icon icon={logoutIcon} />
        {t.logout}
      </button>
    </div>
  );
}
