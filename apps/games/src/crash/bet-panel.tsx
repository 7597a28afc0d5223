/**
 * One of the player's two bets: the amount (typed, stepped, or picked from the quick chips), an
 * optional auto cash-out, and one big button that bets, cancels, or cashes out with the live
 * win on it. Sized for a thumb: every control is at least 44 px tall.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formatMultiplier, multiplierCentiAt } from '@backlay/contract/crash-fairness';
import type { CrashMyBet, CrashSlot, CrashTable } from '@backlay/contract/house-games';
import { amountText, formatMoney, parseAmount } from '../shared/money';
import type { SlotAction, SlotState } from './crash-state';
import { getLanguage, t } from './messages';
import type { ServerClock } from './server-clock';

/** The quick amounts, in rupees (those within the table's limits are shown). */
export const QUICK_AMOUNTS_MINOR = [10_000, 50_000, 100_000, 500_000] as const;
/** The first amount and auto cash-out a slot offers. */
export const DEFAULT_AMOUNT_MINOR = 10_000;
export const DEFAULT_AUTO_CENTI = 200;

/** Where a slot's last amount and auto cash-out are kept, so the next visit starts there. */
const slotKey = (slot: CrashSlot) => `backlayCrashSlot${slot}`;

interface SlotChoice {
  amount: string;
  autoOn: boolean;
  auto: string;
}

function storedChoice(slot: CrashSlot, table: CrashTable): SlotChoice {
  const fallback = {
    amount: amountText(
      Math.min(table.maxBetMinor, Math.max(table.minBetMinor, DEFAULT_AMOUNT_MINOR)),
    ),
    autoOn: false,
    auto: formatMultiplier(DEFAULT_AUTO_CENTI),
  };
  try {
    const stored = JSON.parse(localStorage.getItem(slotKey(slot)) ?? 'null') as unknown;
    if (stored && typeof stored === 'object') {
      const { amount, autoOn, auto } = stored as Record<string, unknown>;
      return {
        amount: typeof amount === 'string' ? amount : fallback.amount,
        autoOn: autoOn === true,
        auto: typeof auto === 'string' ? auto : fallback.auto,
      };
    }
  } catch {
    // Storage refused or unreadable: start from the defaults.
  }
  return fallback;
}

/** A multiplier typed as `2`, `2.5` or `2.50`, in hundredths; null if it is not one. */
export function parseMultiplier(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*×?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** What a bet wins if it cashes out at `centi`: floored to the paisa, at most the max win. */
export function winAt(amountMinor: number, centi: number, maxWinMinor: number): number {
  return Math.min(maxWinMinor, Math.floor((amountMinor * centi) / 100));
}

export interface BetPanelProps {
  slot: CrashSlot;
  state: SlotState;
  action: SlotAction;
  table: CrashTable;
  currency: string;
  /** The running round's start on the server's clock (for the live win), else null. */
  startedAt: number | null;
  clock: ServerClock;
  /** The table can take a request now (joined, connected). */
  online: boolean;
  bettingOpen: boolean;
  onBet: (slot: CrashSlot, amountMinor: number, autoCashOutCenti: number | null) => void;
  onCancel: (slot: CrashSlot) => void;
  onCashOut: (slot: CrashSlot) => void;
}

export function BetPanel(props: BetPanelProps) {
  const { slot, state, action, table, currency } = props;
  const [choice, setChoice] = useState(() => storedChoice(slot, table));
  const ids = useId();
  const money = (minor: number) => formatMoney(minor, getLanguage(), currency);

  useEffect(() => {
    try {
      localStorage.setItem(slotKey(slot), JSON.stringify(choice));
    } catch {
      // Kept for this page only.
    }
  }, [slot, choice]);

  const amountMinor = parseAmount(choice.amount);
  const amountOk =
    amountMinor !== null && amountMinor >= table.minBetMinor && amountMinor <= table.maxBetMinor;
  const autoCenti = parseMultiplier(choice.auto);
  const autoOk =
    !choice.autoOn ||
    (autoCenti !== null &&
      autoCenti >= table.minAutoCashOutCenti &&
      autoCenti <= table.maxAutoCashOutCenti);
  const editable = action.kind === 'bet';
  const step = table.minBetMinor;
  const setAmount = (minor: number) =>
    setChoice((c) => ({
      ...c,
      amount: amountText(Math.min(table.maxBetMinor, Math.max(table.minBetMinor, minor))),
    }));

  const chips = QUICK_AMOUNTS_MINOR.filter(
    (minor) => minor >= table.minBetMinor && minor <= table.maxBetMinor,
  );

  return (
    <section className="panel" aria-labelledby={`${ids}-title`} data-slot={slot}>
      <h2 id={`${ids}-title`} className="panel-title">
        {t('slotTitle', { slot })}
      </h2>
      <div className="panel-amount">
        <button
          type="button"
          className="round-button"
          aria-label={t('less')}
          disabled={!editable}
          onClick={() => setAmount((amountMinor ?? table.minBetMinor) - step)}
        >
          −
        </button>
        <label className="sr-only" htmlFor={`${ids}-amount`}>
          {t('amount')}
        </label>
        <input
          id={`${ids}-amount`}
          className="amount-input"
          inputMode="decimal"
          autoComplete="off"
          value={choice.amount}
          disabled={!editable}
          aria-invalid={!amountOk}
          aria-describedby={amountOk ? undefined : `${ids}-amount-error`}
          onChange={(event) => setChoice((c) => ({ ...c, amount: event.target.value }))}
        />
        <button
          type="button"
          className="round-button"
          aria-label={t('more')}
          disabled={!editable}
          onClick={() => setAmount((amountMinor ?? 0) + step)}
        >
          +
        </button>
      </div>
      <div className="chips">
        {chips.map((minor) => (
          <button
            key={minor}
            type="button"
            className="chip"
            disabled={!editable}
            aria-pressed={amountMinor === minor}
            onClick={() => setAmount(minor)}
          >
            {money(minor)}
          </button>
        ))}
      </div>
      <div className="panel-auto">
        <label className="switch">
          <input
            type="checkbox"
            checked={choice.autoOn}
            disabled={!editable}
            onChange={(event) => setChoice((c) => ({ ...c, autoOn: event.target.checked }))}
          />
          <span>{t('autoCashOut')}</span>
        </label>
        <label className="sr-only" htmlFor={`${ids}-auto`}>
          {t('autoCashOutAt')}
        </label>
        <input
          id={`${ids}-auto`}
          className="auto-input"
          inputMode="decimal"
          autoComplete="off"
          value={choice.auto}
          disabled={!editable || !choice.autoOn}
          aria-invalid={!autoOk}
          onChange={(event) => setChoice((c) => ({ ...c, auto: event.target.value }))}
        />
      </div>
      {!amountOk && editable && (
        <p id={`${ids}-amount-error`} className="field-error">
          {t('amountInvalid', { min: money(table.minBetMinor), max: money(table.maxBetMinor) })}
        </p>
      )}
      {!autoOk && editable && (
        <p className="field-error">
          {t('autoInvalid', {
            min: formatMultiplier(table.minAutoCashOutCenti),
            max: formatMultiplier(table.maxAutoCashOutCenti),
          })}
        </p>
      )}
      <ActionButton
        {...props}
        amountMinor={amountOk ? amountMinor : null}
        autoCenti={choice.autoOn && autoOk ? autoCenti : null}
        autoValid={autoOk}
        money={money}
      />
      <SlotResult bet={state.bet} money={money} />
    </section>
  );
}

function ActionButton({
  slot,
  action,
  table,
  online,
  bettingOpen,
  startedAt,
  clock,
  amountMinor,
  autoCenti,
  autoValid,
  money,
  onBet,
  onCancel,
  onCashOut,
}: BetPanelProps & {
  amountMinor: number | null;
  autoCenti: number | null;
  autoValid: boolean;
  money: (minor: number) => string;
}) {
  switch (action.kind) {
    case 'bet':
      return (
        <button
          type="button"
          className="action action-bet"
          disabled={amountMinor === null || !autoValid}
          onClick={() => amountMinor !== null && onBet(slot, amountMinor, autoCenti)}
        >
          {t(bettingOpen && online ? 'betButton' : 'betNextRound', {
            amount: money(amountMinor ?? 0),
          })}
        </button>
      );
    case 'queued':
      return (
        <button type="button" className="action action-cancel" onClick={() => onCancel(slot)}>
          <span>{t('cancel')}</span>
          <small>{t('waitingNextRound')}</small>
        </button>
      );
    case 'cancel':
      return (
        <button
          type="button"
          className="action action-cancel"
          disabled={!online}
          onClick={() => onCancel(slot)}
        >
          {t('cancel')}
        </button>
      );
    case 'cashOut':
      return (
        <CashOutButton
          bet={action.bet}
          maxWinMinor={table.maxWinMinor}
          startedAt={startedAt}
          clock={clock}
          disabled={!online}
          money={money}
          onClick={() => onCashOut(slot)}
        />
      );
    case 'waiting':
      return (
        <button type="button" className="action action-wait" disabled>
          {t('waiting')}
        </button>
      );
  }
}

/** The cash-out button, its win following the multiplier on every frame. */
function CashOutButton({
  bet,
  maxWinMinor,
  startedAt,
  clock,
  disabled,
  money,
  onClick,
}: {
  bet: CrashMyBet;
  maxWinMinor: number;
  startedAt: number | null;
  clock: ServerClock;
  disabled: boolean;
  money: (minor: number) => string;
  onClick: () => void;
}) {
  const winRef = useRef<HTMLSpanElement>(null);
  const winNow = () =>
    startedAt === null
      ? bet.amountMinor
      : winAt(bet.amountMinor, multiplierCentiAt(clock.now() - startedAt), maxWinMinor);

  useEffect(() => {
    let frameId = 0;
    let last = '';
    const frame = () => {
      const text = t('cashOutButton', { amount: money(winNow()) });
      if (winRef.current && text !== last) {
        winRef.current.textContent = text;
        last = text;
      }
      frameId = requestAnimationFrame(frame);
    };
    frameId = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(frameId);
  });

  return (
    <button type="button" className="action action-cash" disabled={disabled} onClick={onClick}>
      <span ref={winRef}>{t('cashOutButton', { amount: money(winNow()) })}</span>
    </button>
  );
}

function SlotResult({ bet, money }: { bet: CrashMyBet | null; money: (minor: number) => string }) {
  if (!bet) return null;
  let text: string;
  if (bet.state === 'CASHED_OUT' && bet.cashedOutCenti !== null) {
    text = t('wonAt', {
      multiplier: formatMultiplier(bet.cashedOutCenti),
      amount: money(bet.winMinor ?? 0),
    });
  } else if (bet.state === 'LOST') {
    text = t('lost', { amount: money(bet.amountMinor) });
  } else if (bet.state === 'PLACED') {
    text =
      bet.autoCashOutCenti === null
        ? t('betPlaced', { amount: money(bet.amountMinor) })
        : t('betPlacedAuto', {
            amount: money(bet.amountMinor),
            multiplier: formatMultiplier(bet.autoCashOutCenti),
          });
  } else {
    return null;
  }
  return (
    <p className="slot-result" data-state={bet.state}>
      {text}
    </p>
  );
}
