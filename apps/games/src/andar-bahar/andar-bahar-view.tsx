/**
 * Andar Bahar Express's table: the joker turned up in the middle, then the Andar and Bahar rows
 * that the cards go to in turn, overlapped so a long deal stays on the screen; the row holding
 * the joker's rank first wins.
 */
import { ANDAR_BAHAR } from '../cards/contract-values';
import { PlayingCard } from '../cards/card-art';
import type { FeltProps, GameView } from '../cards/game-view';
import { cardName, Hand } from '../cards/hand';
import { t } from '../cards/messages';

function AndarBaharFelt({ round, cards }: FeltProps) {
  const winner = round?.phase === 'RESULT' ? round.winner : null;
  const joker = cards.find((c) => c.side === 'JOKER')?.card ?? null;
  return (
    <>
      <div className="joker" data-testid="joker">
        <p className="joker-label">{t('joker')}</p>
        <PlayingCard
          card={joker}
          label={cardName(joker)}
          className={joker ? 'card-big card-dealt' : 'card-big'}
        />
      </div>
      <div className="hands" data-layout="rows">
        {(['ANDAR', 'BAHAR'] as const).map((side) => (
          <Hand
            key={side}
            side={side === 'ANDAR' ? 'a' : 'b'}
            name={t(`kind.${side}`)}
            cards={cards.filter((c) => c.side === side).map((c) => c.card)}
            won={winner === null ? null : winner === side}
            note={null}
            fan
            testId={`hand-${side}`}
          />
        ))}
      </div>
    </>
  );
}

/** One card going in, one going out: the game's mark. */
function AndarBaharMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
      <rect x="11" y="6" width="10" height="15" rx="2" fill="#fffdf6" />
      <path d="M16 10l2.4 3-2.4 3-2.4-3z" fill="#c8102e" />
      <path
        d="M3 26h10l-3-3M29 26H19l3 3"
        fill="none"
        stroke="#f2c14e"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export const ANDAR_BAHAR_VIEW: GameView = {
  code: ANDAR_BAHAR,
  words: {
    en: new URL('./words/en.json', import.meta.url).href,
    hi: new URL('./words/hi.json', import.meta.url).href,
  },
  spotOrder: ['ANDAR', 'BAHAR'],
  ruleCount: 3,
  Felt: AndarBaharFelt,
  Mark: AndarBaharMark,
};
