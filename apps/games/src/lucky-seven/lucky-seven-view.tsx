/**
 * Lucky Seven's table: one big card in the middle of the felt and, under it, the deck's ranks
 * in the three bets they fall to (Low A–6, Seven, High 8–K), the one the card lands in lit once
 * the round is decided. Low and High lose on a 7; Seven pays 12.00 (the rule table).
 */
import { PlayingCard } from '../cards/card-art';
import { LUCKY_SEVEN } from '../cards/contract-values';
import { sideOf, type FeltProps, type GameView } from '../cards/game-view';
import { cardName } from '../cards/hand';
import { t } from '../cards/messages';

/** Each bet's ranks, as the deal names its winner (A = 1 … K = 13, 7 alone). */
export const LUCKY_ZONES = [
  ['LOW', 'A–6'],
  ['SEVEN', '7'],
  ['HIGH', '8–K'],
] as const;

function LuckySevenFelt({ round, cards }: FeltProps) {
  const winner = round?.phase === 'RESULT' ? round.winner : null;
  const card = cards[0]?.card ?? null;
  return (
    <div className="lucky-felt" data-testid="hand-CARD">
      <PlayingCard
        card={card}
        label={cardName(card)}
        className={card ? 'card-big card-dealt' : 'card-big'}
      />
      <ol className="lucky-scale">
        {LUCKY_ZONES.map(([kind, ranks]) => (
          <li
            key={kind}
            data-side={sideOf(kind)}
            data-won={winner && String(winner === kind)}
            data-testid={`zone-${kind}`}
          >
            <b>{t(`kind.${kind}`)}</b> {ranks}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A gold coin with a red seven: the game's mark. */
function LuckySevenMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="15" fill="#f2c14e" />
      <path
        d="M10 9h12l-7 15"
        fill="none"
        stroke="#b91c1c"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export const LUCKY_SEVEN_VIEW: GameView = {
  code: LUCKY_SEVEN,
  words: {
    en: new URL('./words/en.json', import.meta.url).href,
    hi: new URL('./words/hi.json', import.meta.url).href,
  },
  spotOrder: ['LOW', 'SEVEN', 'HIGH'],
  ruleCount: 3,
  Felt: LuckySevenFelt,
  Mark: LuckySevenMark,
};
