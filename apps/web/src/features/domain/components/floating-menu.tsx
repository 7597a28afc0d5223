import type { DomainSetting } from '@backlay/contract/domain-settings';
import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../shared/icons/icon';
import { floatingMenuFor, type FloatingItem } from './floating-menu-items';
import { headsetIcon } from '../../../shared/icons/set/headset-icon';
import { xmarkIcon } from '../../../shared/icons/set/xmark-icon';
import './floating-menu.css';

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

/**
 * The floating support button and contact menu. With only the support link on offer it is
 * a single button; otherwise a button opens the menu in its 3- or 4-item layout.
 */
export function FloatingMenu({ setting, loggedIn }: { setting: DomainSetting; loggedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const menu = floatingMenuFor(setting, loggedIn);
  const [only] = menu.items;
  if (!only) return null;

  if (menu.items.length === 1 && only.id === 'support') {
    return (
      <div className="floating-menu" data-testid="floating-menu" data-layout={menu.layout}>
        <a
          className="floating-menu__fab floating-menu__fab--support"
          href={only.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Contact support"
          data-testid="support-button"
        >
          <Icon icon={headsetIcon} />
        </a>
      </div>
    );
  }

  return (
    <div
      className={`floating-menu floating-menu--${menu.layout}${open ? ' floating-menu--open' : ''}`}
      data-testid="floating-menu"
      data-layout={menu.layout}
    >
      {open ? (
        <nav className="floating-menu__panel" aria-label="Contact and wallet shortcuts">
          {menu.items.map((item) => (
            <ItemLink key={item.id} item={item} onPick={() => setOpen(false)} />
          ))}
        </nav>
      ) : null}
      <button
        type="button"
        className="floating-menu__fab"
        aria-expanded={open}
        aria-label={open ? 'Close the contact menu' : 'Open the contact menu'}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon icon={open ? xmarkIcon : headsetIcon} />
      </button>
    </div>
  );
}
