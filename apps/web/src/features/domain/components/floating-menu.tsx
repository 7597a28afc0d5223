import type { DomainSetting } from '@backlay/contract/domain-settings';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { floatingMenuFor, floatingMenuMessages, type FloatingItem } from './floating-menu-items';
import { headsetIcon } from '../../../shared/icons/set/headset-icon';
import { xmarkIcon } from '../../../shared/icons/set/xmark-icon';
import './floating-menu.css';

const messages = i18n('domain/floating-menu', {
  support: 'Contact support',
  shortcuts: 'Contact and wallet shortcuts',
  open: 'Open the contact menu',
  close: 'Close the contact menu',
});

function ItemLink({ item, onPick }: { item: FloatingItem; onPick: () => void }) {
  const body = (
    <>
      <span className="floating-menu__icon">
        <Icon icon={item.icon} />
      </span>
      <span className="floating-menu__label">{item.label}</span>
    </>
  );
  return item.external ? (
    <a
      className={`floating-menu__item floating-menu__item--${item.id}`}
      href={item.href}
      target="_blank"
      rel="noopener noreferrer"
      data-item={item.id}
      onClick={onPick}
    >
      {body}
    </a>
  ) : (
    <Link
      className={`floating-menu__item floating-menu__item--${item.id}`}
      to={item.href}
      data-item={item.id}
      onClick={onPick}
    >
      {body}
    </Link>
  );
}

/** How near the end of the page still counts as its end. */
const PAGE_END_SLACK_PX = 24;

/**
 * Whether the page is scrolled to its end, or does not scroll: there the page's own bottom
 * padding lies under the button, and no price can.
 */
function useAtPageEnd(): boolean {
  const [atEnd, setAtEnd] = useState(true);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const bottom = window.scrollY + window.innerHeight;
      setAtEnd(bottom >= document.documentElement.scrollHeight - PAGE_END_SLACK_PX);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // The page grows and shrinks as lists load, with no scroll.
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resizes?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resizes?.disconnect();
    };
  }, []);
  return atEnd;
}

/**
 * The floating support button and contact menu. With only the support link on offer it is
 * a single button; otherwise a button opens the menu in its 3- or 4-item layout. Where the
 * page's prices reach the screen's edge (phones and tablets, see its CSS) it steps aside
 * while the page is scrolled anywhere but its end, so it never lies over a price.
 */
export function FloatingMenu({ setting, loggedIn }: { setting: DomainSetting; loggedIn: boolean }) {
  const t = useMessages(messages);
  // The items' labels are read as the menu is built: subscribing re-renders it with them.
  useMessages(floatingMenuMessages);
  const [open, setOpen] = useState(false);
  const away = !useAtPageEnd();
  const menu = floatingMenuFor(setting, loggedIn);
  const [only] = menu.items;
  if (!only) return null;
  const awayClass = away ? ' floating-menu--away' : '';

  if (menu.items.length === 1 && only.id === 'support') {
    return (
      <div
        className={`floating-menu${awayClass}`}
        data-testid="floating-menu"
        data-layout={menu.layout}
      >
        <a
          className="floating-menu__fab floating-menu__fab--support"
          href={only.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t.support}
          data-testid="support-button"
        >
          <Icon icon={headsetIcon} />
        </a>
      </div>
    );
  }

  return (
    <div
      className={`floating-menu floating-menu--${menu.layout}${open ? ' floating-menu--open' : awayClass}`}
      data-testid="floating-menu"
      data-layout={menu.layout}
    >
      {open ? (
        <nav className="floating-menu__panel" aria-label={t.shortcuts}>
          {menu.items.map((item) => (
            <ItemLink key={item.id} item={item} onPick={() => setOpen(false)} />
          ))}
        </nav>
      ) : null}
      <button
        type="button"
        className="floating-menu__fab"
        aria-expanded={open}
        aria-label={open ? t.close : t.open}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon icon={open ? xmarkIcon : headsetIcon} />
      </button>
    </div>
  );
}
