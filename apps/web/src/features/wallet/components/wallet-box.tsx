import { Icon } from '../../../shared/icons/icon';
import { paths, WALLET_MODES } from '../../../shared/paths';
import { useUiPreferences } from '../../../shared/preferences/ui-preferences';
import { useUserInfo } from '../../../shared/session/user-info-query';
import { useSession } from '../../../shared/session/use-session';
import { ButtonLink } from '../../../shared/ui/button';
import { DemoTopUp } from './demo-top-up';
import { formatMoney } from '../../../shared/format/money';
import { depositIcon } from '../../../shared/icons/set/deposit-icon';
import { eyeIcon } from '../../../shared/icons/set/eye-icon';
import { eyeSlashIcon } from '../../../shared/icons/set/eye-slash-icon';
import { loginIcon } from '../../../shared/icons/set/login-icon';
import { walletIcon } from '../../../shared/icons/set/wallet-icon';
import './wallet-box.css';

const HIDDEN_AMOUNT = '••••';

function Amount({
  label,
  value,
  visible,
  onToggle,
  tone,
}: {
  label: string;
  value: number | undefined;
  visible: boolean;
  onToggle: () => void;
  tone: 'balance' | 'exposure';
}) {
  return (
    <div className={`wallet-box__amount wallet-box__amount--${tone}`}>
      <span className="wallet-box__label">{label}</span>
      <span className="wallet-box__value" data-testid={`wallet-${tone}`}>
        {visible ? formatMoney(value) : HIDDEN_AMOUNT}
      </span>
      <button
        type="button"
        className="wallet-box__toggle"
        aria-pressed={visible}
        aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
        onClick={onToggle}
      >
        <Icon icon={visible ? eyeIcon : eyeSlashIcon} />
      </button>
    </div>
  );
}

/**
 * The header's wallet box: balance and exposure for a player (from the user info query, which
 * the hub's pushes update), a deposit link for a real-money player where the brand shows its
 * deposit shortcuts (`showDepositW`), a top-up for a demo player, login and sign-up for a guest.
 */
export function WalletBox({ depositShortcut = false }: { depositShortcut?: boolean }) {
  const { loggedIn } = useSession();
  const userInfo = useUserInfo();
  const showBalance = useUiPreferences((s) => s.showBalance);
  const showExposure = useUiPreferences((s) => s.showExposure);
  const toggleBalance = useUiPreferences((s) => s.toggleBalance);
  const toggleExposure = useUiPreferences((s) => s.toggleExposure);

  if (!loggedIn) {
    return (
      <div className="wallet-box wallet-box--guest">
        <ButtonLink to={paths.auth.login.path} variant="accent" size="sm" icon={loginIcon}>
          Login
        </ButtonLink>
        <ButtonLink to={paths.auth.signup.path} variant="outline" size="sm">
          Sign up
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="wallet-box" data-testid="wallet-box">
      <Icon icon={walletIcon} className="wallet-box__icon" />
      <Amount
        label="Balance"
        tone="balance"
        value={userInfo?.balance}
        visible={showBalance}
        onToggle={toggleBalance}
      />
      <Amount
        label="Exposure"
        tone="exposure"
        value={userInfo?.exposure}
        visible={showExposure}
        onToggle={toggleExposure}
      />
      {userInfo?.isDemo ? (
        <DemoTopUp />
      ) : depositShortcut && userInfo?.isDemo === false ? (
        <ButtonLink
          to={paths.depositW.getHref(WALLET_MODES.deposit)}
          variant="accent"
          size="sm"
          icon={depositIcon}
          className="wallet-box__deposit"
        >
          <span className="wallet-box__deposit-label">Deposit</span>
        </ButtonLink>
      ) : null}
    </div>
  );
}
