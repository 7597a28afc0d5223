import { NavLink, useParams } from 'react-router';
import { paths, WALLET_MODES } from '../../../shared/paths';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { depositIcon } from '../../../shared/icons/set/deposit-icon';
import { withdrawIcon } from '../../../shared/icons/set/withdraw-icon';
import './wallet-pages.css';

/** Deposits and withdrawals; the optional id picks the mode. */
export default function DepositWithdrawPage() {
  const { id } = useParams();
  const withdrawal = id === WALLET_MODES.withdrawal;
  return (
    <Page lead="Add money to your account or withdraw your winnings.">
      <nav className="wallet-tabs" aria-label="Deposit or withdraw">
        <NavLink
          className={!withdrawal ? 'wallet-tabs__tab wallet-tabs__tab--active' : 'wallet-tabs__tab'}
          to={paths.depositW.getHref(WALLET_MODES.deposit)}
        >
          Deposit
        </NavLink>
        <NavLink
          className={withdrawal ? 'wallet-tabs__tab wallet-tabs__tab--active' : 'wallet-tabs__tab'}
          to={paths.depositW.getHref(WALLET_MODES.withdrawal)}
        >
          Withdraw
        </NavLink>
      </nav>
      {withdrawal ? (
        <ComingSoon
          feature="Withdrawals"
          icon={withdrawIcon}
          detail="You will request a withdrawal to your bank account or UPI here and follow its status."
        />
      ) : (
        <ComingSoon
          feature="Deposits"
          icon={depositIcon}
          detail="You will deposit here by payment link or UPI, with the amount credited once the payment clears."
        />
      )}
    </Page>
  );
}
