import type { IconDefinition } from '../../../shared/icons/icon-definition';
import { i18n } from '../../../shared/i18n/i18n';
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

/** The words of the account links: the groups' headings and the pages' names. */
const LINK_TEXT = {
  myBets: 'My bets',
  openBets: 'Open bets',
  currentBets: 'Current bets',
  betHistory: 'Bet history',
  profitLoss: 'Profit & loss',
  money: 'Money',
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  requests: 'Deposit & withdrawal requests',
  statement: 'Account statement',
  bonus: 'Bonus',
  settings: 'Settings',
  stakeButtons: 'Stake buttons',
  changePassword: 'Change password',
  responsibleGambling: 'Responsible gambling',
  help: 'Help',
  rules: 'Rules',
};

/** A heading or a page's name among the account links, looked up in `accountLinkMessages`. */
export type AccountLinkText = keyof typeof LINK_TEXT;

/** The account links' words, with the Logout at their end, in the player's language. */
export const accountLinkMessages = i18n('account/account-links', {
  ...LINK_TEXT,
  logout: 'Logout',
});

/** One page of the player's account, as the user menu and the phone's account sheet list it. */
export interface AccountLink {
  label: AccountLinkText;
  href: string;
  icon: IconDefinition;
  /** Real money only: a demo player plays with play money and has no use for the page. */
  realMoneyOnly?: boolean;
}

/** Account pages under one small heading. */
export interface AccountLinkGroup {
  title: AccountLinkText;
  links: readonly AccountLink[];
}

/**
 * Every player page of spec §2 a logged-in player opens from their account, grouped. The
 * user menu and the phone's account sheet both list exactly these, so they never differ.
 */
export const ACCOUNT_LINK_GROUPS: readonly AccountLinkGroup[] = [
  {
    title: 'myBets',
    links: [
      // The spec titles the page "Unselected Bets"; players know it as their open bets.
      { label: 'openBets', href: paths.openBets.getHref(), icon: listIcon },
      { label: 'currentBets', href: paths.currentBet.getHref(), icon: ticketIcon },
      { label: 'betHistory', href: paths.betHistory.getHref(), icon: historyIcon },
      { label: 'profitLoss', href: paths.profitLoss.getHref(), icon: chartIcon },
    ],
  },
  {
    title: 'money',
    links: [
      {
        label: 'deposit',
        href: paths.depositW.getHref(WALLET_MODES.deposit),
        icon: depositIcon,
        realMoneyOnly: true,
      },
      {
        label: 'withdraw',
        href: paths.depositW.getHref(WALLET_MODES.withdrawal),
        icon: withdrawIcon,
        realMoneyOnly: true,
      },
      {
        label: 'requests',
        href: paths.dwRequests.getHref(),
        icon: receiptIcon,
        realMoneyOnly: true,
      },
      {
        label: 'statement',
        href: paths.accountCashStatement.getHref(),
        icon: statementIcon,
      },
      { label: 'bonus', href: paths.bonus.getHref(), icon: coinsIcon, realMoneyOnly: true },
    ],
  },
  {
    title: 'settings',
    links: [
      { label: 'stakeButtons', href: paths.changeButtonValues.getHref(), icon: slidersIcon },
      { label: 'changePassword', href: paths.changePassword.getHref(), icon: keyIcon },
      {
        label: 'responsibleGambling',
        href: paths.responsibleGambling.getHref(),
        icon: shieldIcon,
      },
    ],
  },
  {
    title: 'help',
    links: [{ label: 'rules', href: paths.rules.getHref(), icon: bookIcon }],
  },
];

/** The groups a player sees: a demo player keeps every link but the real-money ones. */
export function accountLinksFor(isDemo: boolean): AccountLinkGroup[] {
  return ACCOUNT_LINK_GROUPS.map((group) => ({
    ...group,
    links: isDemo ? group.links.filter((link) => !link.realMoneyOnly) : group.links,
  })).filter((group) => group.links.length > 0);
}
