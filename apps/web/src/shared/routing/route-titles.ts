import { i18n, useMessages } from '../i18n/i18n';
import { useRouteHandle } from './route-handle';

/**
 * Every page's title by its route's name (the route table's `name`), in English: the page's
 * heading and the second half of the document title. The route table takes its titles here.
 */
export const ROUTE_TITLES = {
  index: 'Home',
  inplay: 'In-play',
  Markets: 'Markets',
  matchlist: 'Matches',
  casino: 'Casino',
  'lobby-page': 'Casino lobby',
  underConstruction: 'Under construction',
  'open-bets': 'Unselected Bets',
  rules: 'Rules',
  'change-password': 'Change password',
  'account-cash-statement': 'Account statement',
  'bet-history': 'Bet history',
  'current-bet': 'Current bets',
  'profit-loss': 'Profit & loss',
  dwrequests: 'Deposit & withdrawal requests',
  depositw: 'Deposit & withdraw',
  'change-button-values': 'Stake buttons',
  'responsible-gambling': 'Responsible gambling',
  comingsoon: 'Coming soon',
  bonus: 'Bonus',
  lobby: 'Casino',
  login: 'Login',
  signup: 'Sign up',
  verification: 'Verification',
  logout: 'Logout',
  'not-authorized': 'Not authorized',
  'error-404': 'Page not found',
  'error-500': 'Server error',
  'under-maintenance': 'Under maintenance',
  test: 'Test',
} as const;

export type TitledRouteName = keyof typeof ROUTE_TITLES;

const messages = i18n('shared/route-titles', ROUTE_TITLES);

const isTitled = (name: string): name is TitledRouteName => Object.hasOwn(ROUTE_TITLES, name);

/** The title of the page shown, in the player's language; null where the route has none. */
export function useRouteTitle(): string | null {
  const handle = useRouteHandle();
  const t = useMessages(messages);
  return handle && isTitled(handle.name) ? t[handle.name] : null;
}
