/**
 * The crash game's page: the balance and the sound switch, the last rounds, the stage, the two
 * bets, the live list, and the table's terms (house edge, max win, limits) with the way to
 * verify any round. On a phone it is one column for the thumb: stage, then bets, then the list;
 * on a laptop the list stands beside the stage and the two bets sit side by side.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatMultiplier } from '@backlay/contract/crash-fairness';
import type { CrashSlot } from '@backlay/contract/house-games';
import { formatMoney } from '../shared/money';
import type { Sound } from '../shared/sound';
import { BetPanel } from './bet-panel';
import type { CrashClient } from './crash-client';
import { slotAction, type CrashState, type Notice } from './crash-state';
import { COLOURS, JET_BODY, JET_CANOPY, JET_WINGS } from './draw-flight';
import { FlightStage } from './flight-stage';
import { LiveBets } from './live-bets';
import { getLanguage, refusalText, t } from './messages';
import { verifyPageHref } from './verify-link';
import { RoundHistory } from './round-history';
import { Rules } from './rules-dialog';
import { GameHeader } from '../shared/game-header';

/** How long a win's note stays; a refusal stays a little longer, to be read. */
const WIN_NOTICE_MS = 4_000;
const REFUSAL_NOTICE_MS = 7_000;

export function useCrashState(client: CrashClient): CrashState {
  return useSyncExternalStore(client.store.subscribe, client.store.get);
}

export function CrashGame({
  client,
  sound,
  returnUrl,
}: {
  client: CrashClient;
  sound: Sound;
  returnUrl: string | null;
}) {
  const state = useCrashState(client);
  const [rulesOpen, setRulesOpen] = useState(false);
  const currency = state.table?.currency ?? 'INR';
  const money = (minor: number) => formatMoney(minor, getLanguage(), currency);

  if (state.fatal) {
    return (
      <main className="game game-over">
        <GameHeader t={t} state={state} money={money} sound={sound} onRules={null}>
          <JetMark />
          {t('gameName')}
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

  const round = state.round;
  const online = state.joined && state.connection === 'open';
  const bettingOpen = round?.phase === 'BETTING';
  const startedAt = round?.phase === 'RUNNING' ? round.startedAt : null;
  const table = state.table;

  return (
    <main className="game">
      <GameHeader
        t={t}
        state={state}
        money={money}
        sound={sound}
        onRules={() => setRulesOpen(true)}
      >
        <JetMark />
        {t('gameName')}
      </GameHeader>
      {state.connection === 'reconnecting' && (
        <p className="banner" role="status">
          {t('reconnecting')}
        </p>
      )}
      <RoundHistory history={state.history} fairness={state.fairness} />
      <div className="game-body">
        <div className="game-main">
          <div className="stage-wrap">
            <FlightStage
              round={round}
              clock={client.clock}
              bettingMs={table?.bettingMs ?? 5_000}
              connecting={!state.joined}
            />
            <NoticeBar notice={state.notice} money={money} onDismiss={client.dismissNotice} />
          </div>
          {table && (
            <div className="panels">
              {([1, 2] as const).map((slot: CrashSlot) => (
                <BetPanel
                  key={slot}
                  slot={slot}
                  state={state.slots[slot]}
                  action={slotAction(state, slot)}
                  table={table}
                  currency={currency}
                  startedAt={startedAt}
                  clock={client.clock}
                  online={online}
                  bettingOpen={bettingOpen}
                  onBet={(s, amount, auto) => client.bet(s, amount, auto)}
                  onCancel={(s) => client.cancel(s)}
                  onCashOut={(s) => client.cashOut(s)}
                />
              ))}
            </div>
          )}
        </div>
        <aside className="game-side">
          <LiveBets bets={state.bets} count={state.betCount} currency={currency} />
        </aside>
      </div>
      {table && (
        <footer className="terms">
          <span>{t('houseEdge', { edge: (table.houseEdgeBp / 100).toString() })}</span>
          <span>{t('maxWin', { amount: money(table.maxWinMinor) })}</span>
          <span>
            {t('limits', { min: money(table.minBetMinor), max: money(table.maxBetMinor) })}
          </span>
          <a href={verifyPageHref(getLanguage())} target="_blank" rel="noopener">
            {t('verify')}
          </a>
        </footer>
      )}
      {rulesOpen && table && (
        <Rules state={state} money={money} onClose={() => setRulesOpen(false)} />
      )}
    </main>
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
    const timer = setTimeout(
      onDismiss,
      notice.kind === 'cashedOut' ? WIN_NOTICE_MS : REFUSAL_NOTICE_MS,
    );
    return () => clearTimeout(timer);
  }, [notice, onDismiss]);
  if (!notice) return null;
  if (notice.kind === 'cashedOut') {
    const key =
      notice.reason === 'AUTO' ? 'autoWon' : notice.reason === 'MAX_WIN' ? 'maxWon' : 'youWon';
    return (
      <p className="notice notice-win" role="status">
        {t(key, {
          multiplier: formatMultiplier(notice.multiplierCenti),
          amount: money(notice.winMinor),
        })}
      </p>
    );
  }
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

/** The game's mark: Backlay's jet, as drawn on the stage. */
function JetMark() {
  return (
    <svg className="brand-mark" viewBox="-24 -18 50 36" aria-hidden="true">
      <path fill={COLOURS.wings} d={JET_WINGS} />
      <path fill={COLOURS.body} d={JET_BODY} />
      <path fill={COLOURS.canopy} d={JET_CANOPY} />
    </svg>
  );
}
