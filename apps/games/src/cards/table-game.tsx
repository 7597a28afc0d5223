/**
 * A card table's page: the balance and the sound switch, the last results, the felt where the
 * cards are dealt (the game's own layout) with the round's phase across its top, the bet spots
 * with the chip rack under them, what the round paid the player with its revealed seed, and the
 * table's terms. On a phone it is one column for the thumb (felt, then spots and chips within
 * reach at the bottom); on a laptop the bets stand beside the felt.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CardBetKind, CardRound } from '@backlay/contract/card-games';
import { GameHeader } from '../shared/game-header';
import { formatMoney } from '../shared/money';
import type { Sound } from '../shared/sound';
import { BetSpots, type SpotView } from './bet-spots';
import type { CardClient } from './card-client';
import { cardsOf, stakeOn, type CardTableState, type Notice } from './card-state';
import { chipsFor, ChipRack, useChosenChip } from './chips';
import { Countdown } from './countdown';
import { sideOf, type GameView } from './game-view';
import { getLanguage, laterWords, refusalText, t } from './messages';
import { ResultsStrip } from './results-strip';
import { RulesDialog } from './rules-dialog';
import { fallbackText, payoutText, winnerText } from './rule-text';
import { verifyHref, verifyPageHref } from './verify-link';

/** How long a refusal stays on the screen, to be read. */
const NOTICE_MS = 6_000;

export function useCardState(client: CardClient): CardTableState {
  return useSyncExternalStore(client.store.subscribe, client.store.get);
}

export function CardTableGame({
  game,
  client,
  sound,
  returnUrl,
}: {
  game: GameView;
  client: CardClient;
  sound: Sound;
  returnUrl: string | null;
}) {
  const state = useCardState(client);
  const [rulesOpen, setRulesOpen] = useState(false);
  const currency = state.table?.currency ?? 'INR';
  const money = (minor: number) => formatMoney(minor, getLanguage(), currency);

  const Mark = game.Mark;
  if (state.fatal) {
    return (
      <main className="table-game game-over">
        <GameHeader t={t} state={state} money={money} sound={sound} onRules={null}>
          <Mark />
          {t(`name.${game.code}`)}
        </GameHeader>
        <section className="fatal" role="alert">
          <h1>{t('sessionOver')}</h1>
          <p>{refusalText(state.fatal.code, state.fatal.message)}</p>
          {returnUrl && (
            <a className="action" href={returnUrl} target="_top">
              {t('backToCasino')}
            </a>
          )}
        </section>
      </main>
    );
  }

  const { round, table } = state;
  const Felt = game.Felt;
  return (
    <main className="table-game" data-game={game.code}>
      <GameHeader
        t={t}
        state={state}
        money={money}
        sound={sound}
        onRules={table ? () => setRulesOpen(true) : null}
      >
        <Mark />
        {t(`name.${game.code}`)}
      </GameHeader>
      {state.connection === 'reconnecting' && (
        <p className="banner" role="status">
          {t('reconnecting')}
        </p>
      )}
      <ResultsStrip history={state.history} />
      <section className="felt" data-phase={round?.phase ?? 'CONNECTING'}>
        <Phase round={round} joined={state.joined} client={client} bettingMs={table?.bettingMs} />
        <Felt round={round} cards={cardsOf(round)} />
      </section>
      <div className="bets">
        <NoticeBar notice={state.notice} money={money} onDismiss={client.dismissNotice} />
        {table && <BetControls game={game} state={state} client={client} money={money} />}
        <RoundFooter state={state} money={money} />
      </div>
      {table && (
        <footer className="terms">
          <span>
            {t('limits', { min: money(betRange(state)[0]), max: money(betRange(state)[1]) })}
          </span>
          <span>{t('roundMax', { amount: money(table.maxRoundStakeMinor) })}</span>
          <a href={verifyPageHref(getLanguage())} target="_blank" rel="noopener">
            {t('verify')}
          </a>
        </footer>
      )}
      {rulesOpen && table && (
        <RulesDialog
          game={game}
          rules={state.rules}
          table={table}
          money={money}
          onClose={() => setRulesOpen(false)}
        />
      )}
    </main>
  );
}

/** The table's range of bets: the smallest minimum and the largest maximum of its kinds. */
function betRange(state: CardTableState): [number, number] {
  const limits = Object.values(state.table?.limits ?? {});
  return [
    Math.min(...limits.map((l) => l.minBetMinor)),
    Math.max(...limits.map((l) => l.maxBetMinor)),
  ];
}

/** The round's phase across the felt's top: the countdown, the deal, the winner, or a wait. */
function Phase({
  round,
  joined,
  client,
  bettingMs,
}: {
  round: CardRound | null;
  joined: boolean;
  client: CardClient;
  bettingMs: number | undefined;
}) {
  const phase = joined && round ? round.phase : null;
  const title =
    phase === null
      ? t('connecting')
      : round?.phase === 'RESULT'
        ? winnerText(round.winner)
        : t(phase === 'BETTING' ? 'placeBets' : phase === 'DEALING' ? 'dealing' : 'paused');
  return (
    <div className="phase" role={phase === 'BETTING' ? undefined : 'status'}>
      <p className="phase-title" data-testid="round-phase">
        {title}
      </p>
      {round?.phase === 'BETTING' && phase && (
        <Countdown
          endsAt={round.bettingEndsAt}
          windowMs={bettingMs ?? 0}
          now={client.serverNow}
          text={betsCloseIn}
        />
      )}
      {round?.phase === 'RESULT' && phase && <p className="phase-note">{t('nextRound')}</p>}
      {round?.phase === 'PAUSED' && phase && (
        <p className="phase-note">
          {laterWords.loaded ? laterWords.t(`pause${round.reason}`) : round.message}
        </p>
      )}
    </div>
  );
}

const betsCloseIn = (seconds: number) => t('betsCloseIn', { seconds });

/** The spots, the chips, and "bet again". */
function BetControls({
  game,
  state,
  client,
  money,
}: {
  game: GameView;
  state: CardTableState;
  client: CardClient;
  money: (minor: number) => string;
}) {
  const chips = chipsFor(...betRange(state));
  const [chip, setChip] = useChosenChip(chips);
  const round = state.round;
  const open = state.joined && state.connection === 'open' && round?.phase === 'BETTING';
  const winner = round?.phase === 'RESULT' ? round.winner : null;
  const order = (kind: CardBetKind) => {
    const at = game.spotOrder.indexOf(kind);
    return at === -1 ? game.spotOrder.length : at;
  };
  const spots: SpotView[] = [...state.rules]
    .sort((a, b) => order(a.kind) - order(b.kind))
    .map((rule) => {
      const stake = stakeOn(state, rule.kind);
      return {
        spot: rule.kind,
        side: sideOf(rule.kind),
        name: t(`kind.${rule.kind}`),
        payout: payoutText(rule.payoutCenti),
        note: rule.otherwise.length > 0 ? rule.otherwise.map(fallbackText).join(' · ') : null,
        stake: stake > 0 ? money(stake) : null,
        won: winner === null ? null : rule.winsOn === winner,
      };
    });
  const canRebet = open && state.myBets.length === 0 && state.pending.length === 0;
  return (
    <>
      <BetSpots
        spots={spots}
        label={t('spots')}
        disabled={!open}
        tapLabel={(view) =>
          t('spotTap', { amount: money(chip), spot: view.name, payout: view.payout })
        }
        onTap={(kind) => client.bet(kind as CardBetKind, chip)}
      />
      <ChipRack
        chips={chips}
        chosen={chip}
        label={t('chips')}
        amountLabel={money}
        onChoose={setChip}
      />
      {canRebet && state.lastBets.length > 0 && (
        <button type="button" className="action" onClick={() => client.rebet()}>
          {t('rebet')}
        </button>
      )}
    </>
  );
}

/** What the round paid the player, and its sealed hash or its revealed seed to verify. */
function RoundFooter({
  state,
  money,
}: {
  state: CardTableState;
  money: (minor: number) => string;
}) {
  const round = state.round;
  if (!round || round.phase === 'PAUSED') return null;
  const outcome = state.outcome?.roundId === round.roundId ? state.outcome : null;
  const kind = !outcome
    ? 'lost'
    : outcome.returnMinor > outcome.stakeMinor
      ? 'won'
      : outcome.returnMinor > 0
        ? 'back'
        : 'lost';
  return (
    <section className="outcome" aria-live="polite">
      {outcome && (
        <>
          <p className="outcome-line" data-testid="round-outcome" data-kind={kind}>
            {t(kind === 'back' ? 'returned' : kind, { amount: money(outcome.returnMinor) })}
          </p>
          {outcome.bets.map((bet) => (
            <p key={bet.betId} className="outcome-seed">
              {t('betResult', {
                kind: t(`kind.${bet.betKind}`),
                stake: money(bet.amountMinor),
                amount: money(bet.returnMinor ?? 0),
              })}
            </p>
          ))}
        </>
      )}
      {round.phase === 'RESULT' ? (
        <p className="outcome-seed">
          {t('seed', { seed: round.seed })}{' '}
          <a href={verifyHref(getLanguage(), round)} target="_blank" rel="noopener">
            {t('verifyRound')}
          </a>
        </p>
      ) : (
        <p className="outcome-seed">{t('committed', { hash: round.seedHash.slice(0, 16) })}</p>
      )}
    </section>
  );
}

function NoticeBar({
  notice,
  money,
  onDismiss,
}: {
  notice: Notice | null;
  money: (minor: number) => string;
  onDismiss: () => void;
}) {
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(onDismiss, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, onDismiss]);
  if (!notice) return null;
  const text =
    notice.code === 'INSUFFICIENT_FUNDS' && notice.balanceMinor !== null
      ? t('fundsShort', { balance: money(notice.balanceMinor) })
      : refusalText(notice.code, notice.message);
  return (
    <div className="notice notice-error" role="alert">
      <span>{text}</span>
      <button type="button" className="tool" onClick={onDismiss}>
        {t('dismiss')}
      </button>
    </div>
  );
}
