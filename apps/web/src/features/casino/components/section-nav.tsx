import { useLayoutEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/paths';
import { sectionName, type LobbySection } from '../model/lobby-sections';
import { useSectionNames } from './lobby-names';

const messages = i18n('casino/section-nav', {
  label: 'Casino sections',
  all: 'All games',
  providers: 'Providers',
});

/** How much of the chip before the section shown stays in view, so the row says it scrolls. */
const CHIP_MARGIN_PX = 24;

const chipClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'section-nav__chip section-nav__chip--active' : 'section-nav__chip';

/**
 * The lobby's sections as chips in one row that scrolls sideways on a phone: all games, the
 * player's favourites and recently played, each category, then each provider.
 */
export function SectionNav({
  categories,
  providers,
}: {
  categories: readonly string[];
  providers: readonly string[];
}) {
  const t = useMessages(messages);
  const names = useSectionNames();
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the row scrolls sideways: the section shown is brought into its view.
  useLayoutEffect(() => {
    const row = list.current;
    const active = row?.querySelector<HTMLElement>('.section-nav__chip--active');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    const offset = active.getBoundingClientRect().left - row.getBoundingClientRect().left;
    row.scrollLeft = Math.max(0, row.scrollLeft + offset - CHIP_MARGIN_PX);
  }, [pathname, categories.length, providers.length]);
  const link = (section: LobbySection) => (
    <li key={`${section.kind}:${sectionName(section)}`}>
      <NavLink to={paths.lobbyPage.getHref(sectionName(section))} className={chipClass}>
        {names(section)}
      </NavLink>
    </li>
  );
  return (
    <nav className="section-nav" aria-label={t.label}>
      <ul className="section-nav__list" ref={list}>
        <li>
          <NavLink to={paths.casino.path} end className={chipClass}>
            {t.all}
          </NavLink>
        </li>
        {link({ kind: 'favourites' })}
        {link({ kind: 'recent' })}
        {categories.map((code) => link({ kind: 'category', code }))}
        {providers.length > 0 ? (
          <li className="section-nav__divider" aria-hidden="true">
            {t.providers}
          </li>
        ) : null}
        {providers.map((code) => link({ kind: 'provider', code }))}
      </ul>
    </nav>
  );
}
