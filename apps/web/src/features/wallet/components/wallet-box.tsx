import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { paths, WALLET_MODES } from '../../../shared/paths';
import { useUiPreferences } from '../../../shared/preferences/ui-preferences';
import { onBalancePush } from '../../../shared/hub/balance-pushes';
import { userInfoQueryOptions, useUserInfo } from '../../../shared/session/user-info-query';
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
  // As exchanges' headers name them on a phone: "Bal | Exp".
  balanceShort: 'Bal',
  hideBalance: 'Hide balance',
  showBalance: 'Show balance',
  exposure: 'Exposure',
  exposureShort: 'Exp',
  bonus: 'Bonus',
  hideExposure: 'Hide exposure',
  showExposure: 'Show exposure',
  deposit: 'Deposit',
});

/** Each amount's messages: its label, its short label and its eye's two names. */
const AMOUNT_MESSAGES = {
  balance: { label: 'balance', short: 'balanceShort', hide: 'hideBalance', show: 'showBalance' },
  exposure: {
    label: 'exposure',
    short: 'exposureShort',
    hide: 'hideExposure',
    show: 'showExposure',
  },
} as const;

/**
 * One figure of the header, always in view: its label (short on a phone, whole for assistive
 * technology) over its value, or dots while the player hides it.
 */
function Figure({
  tone,
  label,
  short,
  value,
  'data-testid': testId,
}: {
  tone: 'balance' | 'exposure' | 'available' | 'bonus';
  label: string;
  short?: string;
  value: string;
  'data-testid': string;
}) {
  return (
    <div className={`wallet-box__figure wallet-box__figure--${tone}`}>
      <span className="wallet-box__label">
        {short ? (
          <>
            <span className="wallet-box__label-short" aria-hidden="true">
              {short}
            </span>
            <span className="wallet-box__label-full">{label}</span>
          </>
        ) : (
          label
        )}
      </span>
      <span className="wallet-box__value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** An amount's eye in the details panel, with its label and value. */
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
      <span className="wallet-box__value">{visible ? formatMoney(value) : HIDDEN_AMOUNT}</span>
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
 * While a bonus is active, a pushed balance may be its conversion (a settled bet completed its
 * wagering) or its expiry, which the push does not carry: the user info, which holds the bonus
 * wallet, is read again.
 */
function useBonusRefresh(bonusActive: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!bonusActive) return;
    return onBalancePush(
      () => void queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey }),
    );
  }, [bonusActive, queryClient]);
}

/**
 * The header's wallet box: balance and exposure always in view, at every width, as players
 * of every exchange read them after each bet ("Bal | Exp" on a phone), and what the player may
 * bet with (available: balance less exposure) beside them where the header has room, and the
 * bonus wallet beside them while a bonus is active (apart from the balance until wagered). All come
 * from the user info query, which the hub's pushes update. The panel behind the chevron holds
 * the rest: available on narrower screens, and the eyes that hide balance and exposure. A
 * deposit link for a real-money player where the brand shows its deposit shortcuts
 * (`showDepositW`), a top-up for a demo player, login and sign-up for a guest.
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
  const bonus = userInfo?.bonus ?? 0;
  useBonusRefresh(loggedIn && bonus > 0);

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

  // Available is hidden with the balance: it tells nearly as much.
  const available = showBalance
    ? formatRupees(availableToBet(userInfo?.balance, userInfo?.exposure))
    : HIDDEN_AMOUNT;
  return (
    <div className="wallet-box" data-testid="wallet-box" ref={details.boxRef}>
      <Icon icon={walletIcon} className="wallet-box__icon" />
      <div className={`wallet-box__figures${bonus > 0 ? ' wallet-box__figures--bonus' : ''}`}>
        <Figure
          tone="balance"
          label={t.balance}
          short={t.balanceShort}
          value={showBalance ? formatMoney(userInfo?.balance) : HIDDEN_AMOUNT}
          data-testid="wallet-balance"
        />
        <Figure
          tone="exposure"
          label={t.exposure}
          short={t.exposureShort}
          value={showExposure ? formatMoney(userInfo?.exposure) : HIDDEN_AMOUNT}
          data-testid="wallet-exposure"
        />
        {bonus > 0 ? (
          <Figure
            tone="bonus"
            label={t.bonus}
            value={showBalance ? formatMoney(bonus) : HIDDEN_AMOUNT}
            data-testid="wallet-bonus"
          />
        ) : null}
        <Figure
          tone="available"
          label={t.available}
          value={available}
          data-testid="wallet-available"
        />
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
        <div className="wallet-box__amount wallet-box__amount--available">
          <span className="wallet-box__label">{t.available}</span>
          <span className="wallet-box__value">{available}</span>
        </div>
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
