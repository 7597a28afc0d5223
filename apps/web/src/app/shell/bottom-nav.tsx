import { Link, NavLink, useLocation } from 'react-router';
import { AccountSheet } from '../../features/account/components/account-sheet';
import { i18n, useMessages } from '../../shared/i18n/i18n';
import { Icon } from '../../shared/icons/icon';
import { paths } from '../../shared/paths';
import { houseIcon } from '../../shared/icons/set/house-icon';
import { listIcon } from '../../shared/icons/set/list-icon';
import './bottom-nav.css';

const messages = i18n('app/bottom-nav', {
  label: 'Quick links',
  home: 'Home',
  inplay: 'In-play',
  myBets: 'My bets',
});

const ITEM = 'bottom-nav__item';
const itemClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${ITEM} ${ITEM}--active` : ITEM;

/**
 * The phone's bottom bar for a logged-in player (hidden on wider screens by its CSS): Home,
 * In-play, their open bets and the account sheet, each a thumb's reach away.
 */
export function BottomNav() {
  const t = useMessages(messages);
  const { pathname } = useLocation();
  // Home forwards to the brand's landing page; the page titled Home is `/index`.
  const onHome = [paths.home.path, paths.index.path].includes(pathname.toLowerCase());
  return (
    <nav className="bottom-nav" aria-label={t.label} data-testid="bottom-nav">
      <ul className="bottom-nav__list">
        <li>
          <Link
            to={paths.home.path}
            className={itemClass({ isActive: onHome })}
            aria-current={onHome ? 'page' : undefined}
          >
            <Icon icon={houseIcon} />
            <span>{t.home}</span>
          </Link>
        </li>
        <li>
          <NavLink to={paths.inplay.path} className={itemClass}>
            <span className="bottom-nav__live" aria-hidden="true" />
            <span>{t.inplay}</span>
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.openBets.path} className={itemClass}>
            <Icon icon={listIcon} />
            <span>{t.myBets}</span>
          </NavLink>
        </li>
        <li>
          <AccountSheet className={ITEM} />
        </li>
      </ul>
    </nav>
  );
}
