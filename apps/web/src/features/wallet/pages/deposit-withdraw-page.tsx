import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { paths, WALLET_MODES } from '../../../shared/paths';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { usePaymentInfo } from '../api/payment-info';
import { DemoNotice } from '../components/demo-notice';
import { DepositPanel } from '../components/deposit/deposit-panel';
import { WithdrawPanel } from '../components/withdraw/withdraw-panel';
import { useWalletPushRefresh } from '../hooks/use-wallet-push-refresh';
import './wallet-pages.css';

const messages = i18n('wallet/deposit-withdraw-page', {
  lead: 'Add money to your account or withdraw your winnings.',
  tabs: 'Deposit or withdraw',
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  loading: 'Loading your payment options…',
  tryAgain: 'Try again',
  failed: params('Your payment options could not be loaded: {error}'),
});

/** Deposits and withdrawals; the optional id picks the mode. */
export default function DepositWithdrawPage() {
  const t = useMessages(messages);
  const { id } = useParams();
  const withdrawal = id === WALLET_MODES.withdrawal;
  const info = usePaymentInfo();
  useWalletPushRefresh();

  return (
    <Page lead={t.lead}>
      <nav className="wallet-tabs wallet-column" aria-label={t.tabs}>
        <Link
          className={!withdrawal ? 'wallet-tabs__tab wallet-tabs__tab--active' : 'wallet-tabs__tab'}
          aria-current={!withdrawal ? 'page' : undefined}
          to={paths.depositW.getHref(WALLET_MODES.deposit)}
        >
          {t.deposit}
        </Link>
        <Link
          className={withdrawal ? 'wallet-tabs__tab wallet-tabs__tab--active' : 'wallet-tabs__tab'}
          aria-current={withdrawal ? 'page' : undefined}
          to={paths.depositW.getHref(WALLET_MODES.withdrawal)}
        >
          {t.withdraw}
        </Link>
      </nav>
      {info.isPending ? (
        <StateMessage kind="loading">{t.loading}</StateMessage>
      ) : info.data === undefined ? (
        <StateMessage
          kind="error"
          action={
            <Button variant="outline" size="sm" onClick={() => void info.refetch()}>
              {t.tryAgain}
            </Button>
          }
        >
          {t.failed({ error: errorMessage(info.error) })}
        </StateMessage>
      ) : !info.data.realMoney ? (
        <DemoNotice />
      ) : withdrawal ? (
        <WithdrawPanel info={info.data} />
      ) : (
        <DepositPanel info={info.data} />
      )}
    </Page>
  );
}
