import { useId } from 'react';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { userIcon } from '../../../shared/icons/set/user-icon';
import { usePopover } from '../hooks/use-popover';
import { AccountLinks } from './account-links';
import './account-sheet.css';

const messages = i18n('account/account-sheet', { account: 'Account' });

/**
 * The phone's bottom-bar Account item: it opens a sheet over the bar with the same account
 * pages as the header's user menu. `className` styles the item like its neighbours in the bar.
 */
export function AccountSheet({ className }: { className: string }) {
  const t = useMessages(messages);
  const { open, toggle, close, root } = usePopover<HTMLDivElement>();
  const sheetId = useId();
  return (
    <div className="account-sheet" ref={root}>
      {open ? (
        <nav className="account-sheet__panel" id={sheetId} aria-label={t.account}>
          <AccountLinks onPick={close} />
        </nav>
      ) : null}
      <button
        type="button"
        className={className}
        aria-expanded={open}
        aria-controls={sheetId}
        onClick={toggle}
      >
        <Icon icon={userIcon} />
        <span>{t.account}</span>
      </button>
    </div>
  );
}
