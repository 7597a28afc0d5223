import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useRouteLoaderData } from 'react-router';
import { signOutAndForget } from '../../features/auth/api/sign-out';
import { WaitingCount } from '../../features/payment-reviews/components/waiting-count';
import { PendingCount } from '../../features/payments/components/pending-count';
import { describeBrandScope } from '../../shared/brands';
import { useRouteHandle } from '../../shared/routing/route-handle';
import { useMe } from '../../shared/session/me-query';
import { Badge } from '../../shared/ui/badge';
import { Button } from '../../shared/ui/button';
import { Notice } from '../../shared/ui/notice';
import type { GuardData } from '../routing/create-router';
import { navigationGroups } from '../routing/guard';
import { CONSOLE_ROUTES, type ConsoleRoute } from '../routing/route-table';
import { PRODUCT_TITLE } from '../shell/root-shell';
import './shell-layout.css';

function isGuardData(value: unknown): value is GuardData {
  return typeof value === 'object' && value !== null && 'forbidden' in value;
}

/** A page the operator's role does not allow, said in its place. */
function Forbidden() {
  const handle = useRouteHandle();
  return (
    <div className="stack">
      <h1 className="shell__forbidden-title">{handle?.title ?? 'This page'}</h1>
      <Notice tone="warning" title="You do not have permission">
        <p>Your role does not allow this page. Ask an owner if you need it.</p>
      </Notice>
    </div>
  );
}

/** One page of the navigation, with the count of what waits there if it has one. */
function NavItem({ route, onFollow }: { route: ConsoleRoute; onFollow: () => void }) {
  return (
    <li>
      <NavLink className="shell__nav-link" to={route.path} onClick={onFollow}>
        <span>{route.navLabel}</span>
        {route.navPending ? (
          <PendingCount kind={route.navPending} className="shell__nav-count" />
        ) : null}
        {route.navReviews ? <WaitingCount className="shell__nav-count" /> : null}
      </NavLink>
    </li>
  );
}

/**
 * The phone menu: whether the navigation is open, and its keyboard and focus rules. Opening
 * it moves focus to its first link; Escape closes it and gives focus back to the button; a
 * click outside, or a new page, closes it too.
 */
function useNavigationMenu() {
  const { pathname } = useLocation();
  // Open on the page it was opened on: any navigation (a link, Back) closes it by itself.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    navRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (navRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return {
    open,
    toggle: () => setOpenOn(open ? null : pathname),
    close: () => setOpenOn(null),
    buttonRef,
    navRef,
  };
}

/**
 * The console: the navigation on the left (only what the operator's role allows), a top bar
 * with the operator and sign-out, and the page. On a narrow screen the navigation folds into
 * a menu that the top bar's button opens over the page.
 */
export default function ShellLayout() {
  const guard = useRouteLoaderData('root');
  const { data: me } = useMe();
  const groups = navigationGroups(CONSOLE_ROUTES, me?.permissions ?? []);
  const menu = useNavigationMenu();
  const navId = useId();

  return (
    <div className="shell" data-menu-open={menu.open || undefined}>
      <a className="shell__skip" href="#main">
        Skip to content
      </a>
      <nav className="shell__nav" id={navId} ref={menu.navRef} aria-label="Back office">
        <div className="shell__product">{PRODUCT_TITLE}</div>
        <ul className="shell__nav-list">
          {groups.flatMap((group) =>
            group.section === null
              ? group.routes.map((route) => (
                  <NavItem key={route.name} route={route} onFollow={menu.close} />
                ))
              : [
                  <li key={`section-${group.section}`} className="shell__nav-group">
                    <span className="shell__nav-section" aria-hidden="true">
                      {group.section}
                    </span>
                    <ul className="shell__nav-list" aria-label={group.section}>
                      {group.routes.map((route) => (
                        <NavItem key={route.name} route={route} onFollow={menu.close} />
                      ))}
                    </ul>
                  </li>,
                ],
          )}
        </ul>
      </nav>
      <div className="shell__body">
        <header className="shell__top">
          <button
            type="button"
            className="shell__menu-button"
            ref={menu.buttonRef}
            aria-expanded={menu.open}
            aria-controls={navId}
            onClick={menu.toggle}
          >
            <span className="shell__menu-icon" aria-hidden="true" />
            Menu
          </button>
          {me ? (
            <div className="shell__operator">
              <span className="shell__operator-name">{me.userName}</span>
              <Badge tone="info">{me.role.replace('_', ' ')}</Badge>
              <span className="muted shell__operator-brands">{describeBrandScope(me.brands)}</span>
            </div>
          ) : null}
          <Button size="small" onClick={() => void signOutAndForget()}>
            Sign out
          </Button>
        </header>
        <main className="shell__main" id="main" tabIndex={-1}>
          {isGuardData(guard) && guard.forbidden ? <Forbidden /> : <Outlet />}
        </main>
      </div>
    </div>
  );
}
