import { useEffect, useId, useRef, useState } from 'react';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { paths, WALLET_MODES } from '../../../shared/paths';
import { useUiPreferences } from '../../../shared/preferences/ui-preferences';
import { useUserInfo } from '../../../shared/session/user-info-query';
import { useSession } from '../../../shared/session/use-session';
import { ButtonLink } from '../../../shared/ui/button';
import { DemoTopUp } from './demo-top-up';
import { formatMoney, formatRupees } from '../../../shared/format/money';
import { chevronDownIcon } from '../../../shared/icons/set/chevron-down-icon';
import { depositIcon } from '../../../shared/icons/set/deposit-icon';
import { eyeIcon } from '../../../shared/icons/set/eye-icon';
import { eyeSlashIcon } from '../../../shared/icons/set/eye-slash-icon';
import { loginIcon } from '../../../shared/icons/set/login-icon';
import { walletIcon } from '../../../shared/icons/set/wallet-icon';
import { availableToBet } from '../model/available';
import './wallet-box.css';

const HIDDEN_AMOUNT = '••••';

const messages = i18n('wallet/wallet-box', {
  login: 'Login',
  signUp: 'Sign up',
  available: 'Available',
  details: 'Balance and exposure',
  balance: 'Balance',
  hideBalance: 'Hide balance',
  showBalance: 'Show balance',
  exposure: 'Exposure',
  hideExposure: 'Hide exposure',
  showExposure: 'Show exposure',
  deposit: 'Deposit',
});

/** Each amount's messages: its label and its eye's two names. */
const AMOUNT_MESSAGES = {
  balance: { label: 'balance', hide: 'hideBalance', show: 'showBalance' },
  exposure: { label: 'exposure', hide: 'hideExposure', show: 'showExposure' },
} as const;

function Amount({
  value,
  visible,
  onToggle,
  tone,
}: {
  value: number | undefined;
  visible: boolean;
  onToggle: () => void;
  tone: 'balance' | 'exposure';
}) {
  const t = useMessages(messages);
  const keys = AMOUNT_MESSAGES[tone];
  return (
    <div className={`wallet-box__amount wallet-box__amount--${tone}`}>
      <span className="wallet-box__label">{t[keys.label]}</span>
      <span className="wallet-box__value" data-testid={`wallet-${tone}`}>
        {visible ? formatMoney(value) : HIDDEN_AMOUNT}
      </span>
      <button
        type="button"
        className="wallet-box__toggle"
        aria-pressed={visible}
        aria-label={visible ? t[keys.hide] : t[keys.show]}
        onClick={onToggle}
      >
        <Icon icon={visible ? eyeIcon : eyeSlashIcon} />
      </button>
    </div>
  );
}

/** Whether the balance-and-exposure panel is open; it closes on Escape or a tap elsewhere. */
function useDetailsPanel() {
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !boxRef.current?.contains(event.target)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);
  return { open, toggle: () => setOpen((held) => !held), boxRef };
}

/**
 * The header's wallet box: what the player may bet with (available: balance less exposure),
 * then balance and exposure, each with its eye (from the user info query, which the hub's
 * pushes update). Only wide screens show all three: elsewhere available shows alone, balance
 * and exposure a tap away, so the header fits a 390 px phone and a laptop. A deposit link for
 * a real-money player where the brand shows its deposit shortcuts (`showDepositW`), a top-up
 * for a demo player, login and sign-up for a guest.
 */
export function WalletBox({ depositShortcut = false }: { depositShortcut?: boolean }) {
  const t = useMessages(messages);
  const { loggedIn } = useSession();
  const userInfo = useUserInfo();
  const showBalance = useUiPreferences((s) => s.showBalance);
  const showExposure = useUiPreferences((s) => s.showExposure);
  const toggleBalance = useUiPreferences((s) => s.toggleBalance);
  const toggleExposure = useUiPreferences((s) => s.toggleExposure);
  const details = useDetailsPanel();
  const detailsId = useId();

  if (!loggedIn) {
    return (
      <div className="wallet-box wallet-box--guest">
        <ButtonLink to={paths.auth.login.path} variant="accent" size="sm" icon={loginIcon}>
          {t.login}
        </ButtonLink>
        <ButtonLink to={paths.auth.signup.path} variant="outline" size="sm">
          {t.signUp}
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="wallet-box" data-testid="wallet-box" ref={details.boxRef}>
      <Icon icon={walletIcon} className="wallet-box__icon" />
      <div className="wallet-box__available">
        <span className="wallet-box__label">{t.available}</span>
        {/* Hidden with the balance: it tells nearly as much. */}
        <span className="wallet-box__value" data-testid="wallet-available">
          {showBalance
            ? formatRupees(availableToBet(userInfo?.balance, userInfo?.exposure))
            : HIDDEN_AMOUNT}
        </span>
      </div>
      <button
        type="button"
        className="wallet-box__more"
        aria-label={t.details}
        aria-expanded={details.open}
        aria-controls={detailsId}
        onClick={details.toggle}
      >
        <Icon icon={chevronDownIcon} />
      </button>
      <div className="wallet-box__details" id={detailsId} data-open={details.open}>
        <Amount
          tone="balance"
          value={userInfo?.balance}
          visible={showBalance}
          onToggle={toggleBalance}
        />
        <Amount
          tone="exposure"
          value={userInfo?.exposure}
          visible={showExposure}
          onToggle={toggleExposure}
        />
      </div>
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
          <span className="wallet-box__deposit-label">{t.deposit}</span>
        </ButtonLink>
      ) : null}
    </div>
  );
}
