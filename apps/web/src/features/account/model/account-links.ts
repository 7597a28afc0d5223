import type { IconDefinition } from '../../../shared/icons/icon-definition';
import { paths, WALLET_MODES } from '../../../shared/paths';
import { bookIcon } from '../../../shared/icons/set/book-icon';
import { chartIcon } from '../../../shared/icons/set/chart-icon';
import { coinsIcon } from '../../../shared/icons/set/coins-icon';
import { depositIcon } from '../../../shared/icons/set/deposit-icon';
import { historyIcon } from '../../../shared/icons/set/history-icon';
import { keyIcon } from '../../../shared/icons/set/key-icon';
import { listIcon } from '../../../shared/icons/set/list-icon';
import { receiptIcon } from '../../../shared/icons/set/receipt-icon';
import { shieldIcon } from '../../../shared/icons/set/shield-icon';
import { slidersIcon } from '../../../shared/icons/set/sliders-icon';
import { statementIcon } from '../../../shared/icons/set/statement-icon';
import { ticketIcon } from '../../../shared/icons/set/ticket-icon';
import { withdrawIcon } from '../../../shared/icons/set/withdraw-icon';

/** One page of the player's account, as the user menu and the phone's account sheet list it. */
export interface AccountLink {
  label: string;
  href: string;
  icon: IconDefinition;
  /** Real money only: a demo player plays with play money and has no use for the page. */
  realMoneyOnly?: boolean;
}

/** Account pages under one small heading. */
export interface AccountLinkGroup {
  title: string;
  links: readonly AccountLink[];
}

/**
 * Every player page of spec §2 a logged-in player opens from their account, grouped. The
 * user menu and the phone's account sheet both list exactly these, so they never differ.
 */
export const ACCOUNT_LINK_GROUPS: readonly AccountLinkGroup[] = [
  {
    title: 'My bets',
    links: [
      // The spec titles the page "Unselected Bets"; players know it as their open bets.
      { label: 'Open bets', href: paths.openBets.getHref(), icon: listIcon },
      { label: 'Current bets', href: paths.currentBet.getHref(), icon: ticketIcon },
      { label: 'Bet history', href: paths.betHistory.getHref(), icon: historyIcon },
      { label: 'Profit & loss', href: paths.profitLoss.getHref(), icon: chartIcon },
    ],
  },
  {
    title: 'Money',
    links: [
      {
        label: 'Deposit',
        href: paths.depositW.getHref(WALLET_MODES.deposit),
        icon: depositIcon,
        realMoneyOnly: true,
      },
      {
        label: 'Withdraw',
        href: paths.depositW.getHref(WALLET_MODES.withdrawal),
        icon: withdrawIcon,
        realMoneyOnly: true,
      },
      {
        label: 'Deposit & withdrawal requests',
        href: paths.dwRequests.getHref(),
        icon: receiptIcon,
        realMoneyOnly: true,
      },
      {
        label: 'Account statement',
        href: paths.accountCashStatement.getHref(),
        icon: statementIcon,
      },
      { label: 'Bonus', href: paths.bonus.getHref(), icon: coinsIcon, realMoneyOnly: true },
    ],
  },
  {
    title: 'Settings',
    links: [
      { label: 'Stake buttons', href: paths.changeButtonValues.getHref(), icon: slidersIcon },
      { label: 'Change password', href: paths.changePassword.getHref(), icon: keyIcon },
      {
        label: 'Responsible gambling',
        href: paths.responsibleGambling.getHref(),
        icon: shieldIcon,
      },
    ],
  },
  {
    title: 'Help',
    links: [{ label: 'Rules', href: paths.rules.getHref(), icon: bookIcon }],
  },
];

/** The groups a player sees: a demo player keeps every link but the real-money ones. */
export function accountLinksFor(isDemo: boolean): AccountLinkGroup[] {
  return ACCOUNT_LINK_GROUPS.map((group) => ({
    ...group,
    links: isDemo ? group.links.filter((link) => !link.realMoneyOnly) : group.links,
  })).filter((group) => group.links.length > 0);
}
