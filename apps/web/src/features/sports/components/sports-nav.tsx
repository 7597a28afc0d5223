import { NavLink } from 'react-router';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/use-session';
import { useShellStore } from '../../../shared/shell/shell-store';
import { visibleSports, type SportFlags } from '../sports';
import { diceIcon } from '../../../shared/icons/set/dice-icon';
import { houseIcon } from '../../../shared/icons/set/house-icon';
import './sports-nav.css';
import { useSportNames } from '../../../shared/format/sport-names';

const messages = i18n('sports/sports-nav', {
  label: 'Sports',
  home: 'Home',
  inPlay: 'In-Play',
  casino: 'Casino',
});

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'sports-nav__link sports-nav__link--active' : 'sports-nav__link';

/** The sports navigation bar: home, in-play, each visible sport, casino. */
export function SportsNav({ domain }: { domain: SportFlags }) {
  const t = useMessages(messages);
  const sportNames = useSportNames();
  const { loggedIn, userInfo } = useSession();
  const scrollable = useShellStore((s) => s.navbarScrollable);
  const sports = visibleSports(domain, loggedIn, userInfo);
  return (
    <nav
      className={scrollable ? 'sports-nav sports-nav--scrollable' : 'sports-nav'}
      aria-label={t.label}
      data-testid="sports-nav"
    >
      <ul className="sports-nav__list">
        <li>
          <NavLink to={paths.home.path} end className={linkClass}>
            <Icon icon={houseIcon} />
            <span>{t.home}</span>
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.inplay.path} className={linkClass}>
            <span className="sports-nav__live" aria-hidden="true" />
            <span>{t.inPlay}</span>
          </NavLink>
        </li>
        {sports.map((sport) => (
          <li key={sport.id}>
            <NavLink
              to={paths.matchlist.getHref(sport.id)}
              className={linkClass}
              data-sport={sport.id}
            >
              <Icon icon={sport.icon} />
              <span>{sportNames(sport.id, sport.name)}</span>
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink to={paths.casino.path} className={linkClass}>
            <Icon icon={diceIcon} />
            <span>{t.casino}</span>
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
