/**
 * One of the player's two bets: the amount (typed, stepped, or picked from the quick chips), an
 * optional auto cash-out, and one big button that bets, cancels, or cashes out with the live
 * win on it. Sized for a thumb: every control is at least 40 px tall, the button 56 px.
 */
import { useEffect, useRef, useState } from 'react';
import { formatMultiplier, multiplierCentiAt } from '@backlay/contract/crash-fairness';
import type { CrashMyBet, CrashSlot, CrashTable } from '@backlay/contract/house-games';
import { amountText, formatMoney, parseAmount } from '../shared/money';
import type { SlotAction, SlotState } from './crash-state';
import { getLanguage, t } from './messages';
import type { ServerClock } from '../shared/server-clock';

/** The quick amounts, in paise (those within the table's limits are shown). */
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
  const choice: SlotChoice = {
    amount: amountText(clamp(DEFAULT_AMOUNT_MINOR, table)),
    autoOn: false,
    auto: formatMultiplier(DEFAULT_AUTO_CENTI),
  };
  try {
    const stored = JSON.parse(localStorage.getItem(slotKey(slot)) ?? '{}') as Partial<SlotChoice>;
    if (typeof stored.amount === 'string') choice.amount = stored.amount;
    if (typeof stored.auto === 'string') choice.auto = stored.auto;
    choice.autoOn = stored.autoOn === true;
  } catch {
    // Storage refused or unreadable: the defaults.
  }
  return choice;
}

const clamp = (minor: number, table: CrashTable) =>
  Math.min(table.maxBetMinor, Math.max(table.minBetMinor, minor));

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

export function BetPanel({
  slot,
  state,
  action,
  table,
  currency,
  startedAt,
  clock,
  online,
  bettingOpen,
  onBet,
  onCancel,
  onCashOut,
}: BetPanelProps) {
  const [choice, setChoice] = useState(() => storedChoice(slot, table));
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
  const autoCenti = choice.autoOn ? parseMultiplier(choice.auto) : null;
  const autoOk =
    !choice.autoOn ||
    (autoCenti !== null &&
      autoCenti >= table.minAutoCashOutCenti &&
      autoCenti <= table.maxAutoCashOutCenti);
  const editable = action.kind === 'bet';
  const change = (next: Partial<SlotChoice>) => setChoice((now) => ({ ...now, ...next }));
  const setAmount = (minor: number) => change({ amount: amountText(clamp(minor, table)) });
  const error = !editable
    ? null
    : !amountOk
      ? t('amountInvalid', { min: money(table.minBetMinor), max: money(table.maxBetMinor) })
      : !autoOk
        ? t('autoInvalid', {
            min: formatMultiplier(table.minAutoCashOutCenti),
            max: formatMultiplier(table.maxAutoCashOutCenti),
          })
        : null;

  let button;
  switch (action.kind) {
    case 'bet':
      button = (
        <button
          type="button"
          className="action"
          disabled={error !== null}
          onClick={() => amountMinor !== null && onBet(slot, amountMinor, autoCenti)}
        >
          {t(bettingOpen && online ? 'betButton' : 'betNextRound', {
            amount: money(amountMinor ?? 0),
          })}
        </button>
      );
      break;
    case 'queued':
    case 'cancel':
      button = (
        <button
          type="button"
          className="action action-cancel"
          disabled={action.kind === 'cancel' && !online}
          onClick={() => onCancel(slot)}
        >
          {t('cancel')}
          {action.kind === 'queued' && <small>{t('waitingNextRound')}</small>}
        </button>
      );
      break;
    case 'cashOut':
      button = (
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
      break;
    case 'waiting':
      button = (
        <button type="button" className="action action-wait" disabled>
          {t('waiting')}
        </button>
      );
  }

  return (
    <section className="panel" data-slot={slot}>
      <h2 className="panel-title">{t('slotTitle', { slot })}</h2>
      <div className="panel-amount">
        <button
          type="button"
          className="round-button"
          aria-label={t('less')}
          disabled={!editable}
          onClick={() => setAmount((amountMinor ?? 0) - table.minBetMinor)}
        >
          −
        </button>
        <input
          className="amount-input"
          aria-label={t('amount')}
          inputMode="decimal"
          autoComplete="off"
          value={choice.amount}
          disabled={!editable}
          aria-invalid={!amountOk}
          onChange={(event) => change({ amount: event.target.value })}
        />
        <button
          type="button"
          className="round-button"
          aria-label={t('more')}
          disabled={!editable}
          onClick={() => setAmount((amountMinor ?? 0) + table.minBetMinor)}
        >
          +
        </button>
      </div>
      <div className="chips">
        {QUICK_AMOUNTS_MINOR.filter(
          (minor) => minor >= table.minBetMinor && minor <= table.maxBetMinor,
        ).map((minor) => (
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
            onChange={(event) => change({ autoOn: event.target.checked })}
          />
          {t('autoCashOut')}
        </label>
        <input
          className="auto-input"
          aria-label={t('autoCashOutAt')}
          inputMode="decimal"
          autoComplete="off"
          value={choice.auto}
          disabled={!editable || !choice.autoOn}
          aria-invalid={!autoOk}
          onChange={(event) => change({ auto: event.target.value })}
        />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {button}
      <SlotResult bet={state.bet} money={money} />
    </section>
  );
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
  const label = useRef<HTMLButtonElement>(null);
  const text = () =>
    t('cashOutButton', {
      amount: money(
        startedAt === null
          ? bet.amountMinor
          : winAt(bet.amountMinor, multiplierCentiAt(clock.now() - startedAt), maxWinMinor),
      ),
    });

  useEffect(() => {
    let frameId = 0;
    const frame = () => {
      const next = text();
      if (label.current && label.current.textContent !== next) label.current.textContent = next;
      frameId = requestAnimationFrame(frame);
    };
    frameId = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(frameId);
  });

  return (
    <button
      ref={label}
      type="button"
      className="action action-cash"
      disabled={disabled}
      onClick={onClick}
    >
      {text()}
    </button>
  );
}

function SlotResult({ bet, money }: { bet: CrashMyBet | null; money: (minor: number) => string }) {
  if (!bet || bet.state === 'CANCELLED') return null;
  const amount = money(bet.amountMinor);
  const text =
    bet.state === 'CASHED_OUT'
      ? t('wonAt', {
          multiplier: formatMultiplier(bet.cashedOutCenti ?? 0),
          amount: money(bet.winMinor ?? 0),
        })
      : bet.state === 'LOST'
        ? t('lost', { amount })
        : bet.autoCashOutCenti === null
          ? t('betPlaced', { amount })
          : t('betPlacedAuto', { amount, multiplier: formatMultiplier(bet.autoCashOutCenti) });
  return (
    <p className="slot-result" data-state={bet.state}>
      {text}
    </p>
  );
}
