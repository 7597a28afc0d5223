/**
 * Teen Patti Royale's table: Player A and Player B side by side, three cards each dealt
 * A, B, A, B, A, B, and with the result each hand's name (Trail, Pair…) as the server ranked it
 * (the names are among the later words, in by the time a round has been dealt).
 */
import type { DealtCardMessage } from '@backlay/contract/card-games';
import { TEEN_PATTI } from '../cards/contract-values';
import type { FeltProps, GameView } from '../cards/game-view';
import { Hand } from '../cards/hand';
import { laterWords, t } from '../cards/messages';

const CARDS_PER_HAND = 3;

/** A side's cards in the order dealt, with nulls for those still to come. */
export function sideCards(cards: DealtCardMessage[], side: 'A' | 'B'): (string | null)[] {
  const dealt = cards.filter((c) => c.side === side).map((c) => c.card);
  return [...dealt, ...Array<null>(Math.max(0, CARDS_PER_HAND - dealt.length)).fill(null)];
}

function TeenPattiFelt({ round, cards }: FeltProps) {
  const result = round?.phase === 'RESULT' ? round : null;
  return (
    <div className="hands" data-layout="versus">
      {(['A', 'B'] as const).map((side) => {
        const name = result?.hands?.[side];
        return (
          <Hand
            key={side}
            side={side === 'A' ? 'a' : 'b'}
            name={t(`kind.${side}`)}
            cards={sideCards(cards, side)}
            won={result ? result.winner === side : null}
            note={name && laterWords.loaded ? laterWords.t(`hand.${name}`) : null}
            testId={`hand-${side}`}
          />
        );
      })}
    </div>
  );
}

/** Three cards fanned: the game's mark. */
function TeenPattiMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
      <rect
        x="4"
        y="8"
        width="13"
        height="19"
        rx="2"
        fill="#3b82f6"
        transform="rotate(-18 10 18)"
      />
      <rect x="10" y="6" width="13" height="19" rx="2" fill="#fffdf6" />
      <rect
        x="16"
        y="8"
        width="13"
        height="19"
        rx="2"
        fill="#e11d48"
        transform="rotate(18 22 18)"
      />
      <path d="M16.5 11l2.6 3.2-2.6 3.2-2.6-3.2z" fill="#c8102e" />
    </svg>
  );
}

export const TEEN_PATTI_VIEW: GameView = {
  code: TEEN_PATTI,
  words: {
    en: new URL('./words/en.json', import.meta.url).href,
    hi: new URL('./words/hi.json', import.meta.url).href,
  },
  spotOrder: ['A', 'B'],
  ruleCount: 4,
  Felt: TeenPattiFelt,
  Mark: TeenPattiMark,
};
