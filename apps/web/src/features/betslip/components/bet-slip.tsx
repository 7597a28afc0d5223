import { DEFAULT_STAKES } from '@backlay/contract/account';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import {
  betFigures,
  oneTapStake,
  OneTapSwitch,
  useBetSlip,
  type BetSelection,
} from '../../bets/index';
import { errorMessage, RequestError } from '../../../shared/api/request-error';
import {
  describeBet,
  priceFigure,
  priceText as shownPrice,
  useBetWords,
} from '../../../shared/bets/bet-description';
import { formatMoney, formatPrice, UNKNOWN_AMOUNT } from '../../../shared/format/money';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { minusIcon } from '../../../shared/icons/set/minus-icon';
import { plusIcon } from '../../../shared/icons/set/plus-icon';
import { xmarkIcon } from '../../../shared/icons/set/xmark-icon';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/use-session';
import { toast } from '../../../shared/toasts/toast-store';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { usePlaceBet } from '../api/place-bet';
import { userLimitsQueryOptions } from '../api/user-limits';
import { SubmissionKeys, type BetSubmission } from '../model/idempotency';
import { placedMessage } from '../model/placed-message';
import { stepPrice } from '../model/price-ticks';
import type { SlipFailure, SlipHandOff } from '../model/slip-hand-off';
import { checkBet, parsePrice, parseStake } from '../model/stake-check';
import { BetLimits } from './bet-limits';
import './bet-slip.css';

const messages = i18n('betslip/bet-slip', {
  title: 'Bet slip',
  close: 'Close bet slip',
  rate: 'Rate',
  price: 'Price',
  lowerPrice: 'Lower price',
  raisePrice: 'Raise price',
  stake: 'Stake',
  stakeButtons: 'Stake buttons',
  stakeButton: params('Stake {amount}'),
  liability: 'Liability',
  profit: 'Profit',
  inPlayDelay: params('In play: your bet waits {seconds} s before it reaches the market.'),
  keepInPlay: 'Keep the unmatched part when the event goes in play',
  logIn: 'Log in to place bets',
  place: 'Place bet',
  confirmGroup: 'Confirm your bet',
  summary: params('{choice} at {price} for {stake}.'),
  risk: params('You risk {liability} to win {profit}.'),
  edit: 'Edit bet',
  placing: 'Placing…',
  tryAgain: 'Try again',
  confirm: 'Confirm bet',
});

const rupees = (amount: number) => `₹${formatMoney(amount)}`;

/** The slip's classes the one-tap switch takes on, as the slip's own check and note. */
const CHECK_CLASS = 'bet-slip__check';
const NOTE_CLASS = 'bet-slip__note';

/**
 * The bet slip of one selection: price (by ladder ticks), stake (typed or from the stake
 * buttons), liability and profit, the market's limits, then a confirmation step. Each
 * submission carries an idempotency key, kept when the player retries after a network
 * error so the bet is placed at most once. A failed one-tap bet opens the slip where the
 * slip's own would leave it (`handOff`): its stake, its error, and its key for a retry.
 */
export function BetSlip({
  selection,
  handOff,
}: {
  selection: BetSelection;
  handOff?: SlipHandOff;
}) {
  const t = useMessages(messages);
  const { loggedIn, userInfo } = useSession();
  const { pathname, search } = useLocation();
  const close = useBetSlip((s) => s.close);
  const shareStake = useBetSlip((s) => s.setStake);
  const sharePrice = useBetSlip((s) => s.setPrice);
  const [priceText, setPriceText] = useState(() => formatPrice(selection.price));
  const [stakeText, setStakeText] = useState(() => (handOff ? String(handOff.stake) : ''));
  const [keepInPlay, setKeepInPlay] = useState(false);
  const [step, setStep] = useState<'edit' | 'confirm'>(() =>
    handOff?.failure.retryable ? 'confirm' : 'edit',
  );
  const [failure, setFailure] = useState<SlipFailure | null>(handOff?.failure ?? null);
  const [keys] = useState(() => handOff?.keys ?? new SubmissionKeys());
  const limits = useQuery({ ...userLimitsQueryOptions(selection.marketId), enabled: loggedIn });
  const place = usePlaceBet();
  const id = useId();

  const quoted = selection.fillOrKill || selection.marketType !== 'MATCH_ODDS';
  const price = parsePrice(priceText);
  const stake = parseStake(stakeText);
  const problem = checkBet({
    side: selection.side,
    stakeText,
    priceText,
    ladderPrice: !quoted,
    limits: limits.data,
  });
  const figures =
    price !== null && stake !== null ? betFigures(selection.side, price, stake) : null;
  const ready = loggedIn && problem === null && price !== null && stake !== null;
  const delaySeconds = limits.data?.betDelaySeconds ?? selection.betDelaySeconds;
  const offersKeepInPlay = selection.marketType === 'MATCH_ODDS' && !selection.inPlay;
  const words = useBetWords();
  const described = describeBet(selection, words);
  const word = described.side;

  const edited = () => {
    setFailure(null);
    setStep('edit');
  };
  const changeStake = (text: string) => {
    setStakeText(text);
    shareStake(parseStake(text));
    edited();
  };
  const changePrice = (text: string) => {
    setPriceText(text);
    sharePrice(parsePrice(text));
    edited();
  };
  const nudgePrice = (direction: 1 | -1) =>
    changePrice(formatPrice(stepPrice(price ?? selection.price, direction)));

  const submission = (): BetSubmission | null =>
    price === null || stake === null
      ? null
      : {
          marketId: selection.marketId,
          runnerId: selection.runnerId,
          side: selection.side,
          price,
          stake,
          ...(offersKeepInPlay && keepInPlay ? { keepInPlay: true } : {}),
        };

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setFailure(null);
    setStep('confirm');
  };

  const confirm = () => {
    const bet = submission();
    if (!bet || place.isPending) return;
    const idempotencyKey = keys.keyFor(bet);
    setFailure(null);
    place.mutate(
      { ...bet, idempotencyKey },
      {
        onSuccess: (result) => {
          keys.settle(bet, idempotencyKey, false);
          toast.success(placedMessage(result.bet));
          close();
        },
        onError: (error) => {
          const retryable = error instanceof RequestError && error.retryable;
          keys.settle(bet, idempotencyKey, retryable);
          setFailure({ message: errorMessage(error), retryable });
          if (!retryable) setStep('edit');
        },
      },
    );
  };

  return (
    <aside
      className={`bet-slip bet-slip--${selection.side.toLowerCase()}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      data-testid="bet-slip"
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <header className="bet-slip__header">
        <h2 className="bet-slip__title" id={`${id}-title`}>
          {t.title}
        </h2>
        <button type="button" className="bet-slip__close" aria-label={t.close} onClick={close}>
          <Icon icon={xmarkIcon} />
        </button>
      </header>

      <div className="bet-slip__selection">
        <span className="bet-slip__side">{word}</span>
        <div>
          <p className="bet-slip__runner">{described.selection}</p>
          <p className="bet-slip__market">
            {selection.marketName} · {selection.eventTitle}
          </p>
        </div>
      </div>

      <form className="bet-slip__form" noValidate onSubmit={review}>
        <div className="bet-slip__fields">
          <div className="bet-slip__field">
            <label htmlFor={`${id}-price`}>{quoted ? t.rate : t.price}</label>
            <div className="bet-slip__stepper">
              {quoted ? null : (
                <button type="button" aria-label={t.lowerPrice} onClick={() => nudgePrice(-1)}>
                  <Icon icon={minusIcon} />
                </button>
              )}
              <input
                id={`${id}-price`}
                inputMode="decimal"
                autoComplete="off"
                // A quoted price reads as a rate on the markets that show rates (2.00 is 100).
                value={quoted ? priceFigure(selection.marketType, selection.price) : priceText}
                readOnly={quoted}
                onChange={(e) => changePrice(e.target.value)}
              />
              {quoted ? null : (
                <button type="button" aria-label={t.raisePrice} onClick={() => nudgePrice(1)}>
                  <Icon icon={plusIcon} />
                </button>
              )}
            </div>
          </div>
          <div className="bet-slip__field">
            <label htmlFor={`${id}-stake`}>{t.stake}</label>
            <input
              id={`${id}-stake`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              // The slip opens because the player chose a price: the stake is what comes next.
              autoFocus
              value={stakeText}
              onChange={(e) => changeStake(e.target.value)}
            />
          </div>
        </div>

        <div className="bet-slip__stakes" role="group" aria-label={t.stakeButtons}>
          {(userInfo?.stakes ?? DEFAULT_STAKES).map((button) => (
            <button
              type="button"
              key={`${button.title}-${button.value}`}
              title={t.stakeButton({ amount: rupees(button.value) })}
              onClick={() => changeStake(String(button.value))}
            >
              {button.title}
            </button>
          ))}
        </div>

        <dl className="bet-slip__figures">
          <div>
            <dt>{t.liability}</dt>
            <dd data-testid="bet-liability">
              {figures ? rupees(figures.liability) : UNKNOWN_AMOUNT}
            </dd>
          </div>
          <div>
            <dt>{t.profit}</dt>
            <dd data-testid="bet-profit">{figures ? rupees(figures.profit) : UNKNOWN_AMOUNT}</dd>
          </div>
        </dl>

        {loggedIn ? <BetLimits query={limits} /> : null}
        {loggedIn ? (
          <OneTapSwitch
            stake={oneTapStake(userInfo?.stakes)}
            labelClassName={CHECK_CLASS}
            hintClassName={NOTE_CLASS}
          />
        ) : null}
        {selection.inPlay && delaySeconds > 0 ? (
          <p className="bet-slip__note">{t.inPlayDelay({ seconds: delaySeconds })}</p>
        ) : null}
        {offersKeepInPlay ? (
          <label className="bet-slip__check">
            <input
              type="checkbox"
              checked={keepInPlay}
              onChange={(e) => {
                setKeepInPlay(e.target.checked);
                edited();
              }}
            />
            {t.keepInPlay}
          </label>
        ) : null}

        {problem ? (
          <p className="bet-slip__problem" role="alert">
            {problem}
          </p>
        ) : null}
        {failure ? (
          <p className="bet-slip__problem" role="alert" data-testid="bet-slip-error">
            {failure.message}
          </p>
        ) : null}

        {!loggedIn ? (
          <ButtonLink to={paths.auth.login.getHref(pathname + search)} variant="accent" block>
            {t.logIn}
          </ButtonLink>
        ) : step === 'edit' ? (
          <Button type="submit" variant="accent" block disabled={!ready}>
            {t.place}
          </Button>
        ) : (
          <div className="bet-slip__confirm" role="group" aria-label={t.confirmGroup}>
            <p className="bet-slip__summary">
              {t.summary({
                choice: described.choice,
                price:
                  price !== null ? shownPrice(selection.marketType, price, words) : UNKNOWN_AMOUNT,
                stake: stake !== null ? rupees(stake) : UNKNOWN_AMOUNT,
              })}{' '}
              {figures
                ? t.risk({ liability: rupees(figures.liability), profit: rupees(figures.profit) })
                : ''}
            </p>
            <div className="bet-slip__actions">
              <Button variant="outline" onClick={edited} disabled={place.isPending}>
                {t.edit}
              </Button>
              <Button variant="accent" onClick={confirm} disabled={place.isPending}>
                {place.isPending ? t.placing : failure?.retryable ? t.tryAgain : t.confirm}
              </Button>
            </div>
          </div>
        )}
      </form>
    </aside>
  );
}
