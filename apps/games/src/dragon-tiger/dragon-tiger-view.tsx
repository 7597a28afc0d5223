/**
 * Dragon and Tiger's table: one big card each, Dragon on the left and Tiger on the right, the
 * Tie spot between them; the higher rank wins (A low, K high).
 */
import { DRAGON_TIGER } from '../cards/contract-values';
import type { FeltProps, GameView } from '../cards/game-view';
import { Hand } from '../cards/hand';
import { t } from '../cards/messages';

function DragonTigerFelt({ round, cards }: FeltProps) {
  const winner = round?.phase === 'RESULT' ? round.winner : null;
  return (
    <div className="hands" data-layout="versus">
      {(['DRAGON', 'TIGER'] as const).map((side) => (
        <Hand
          key={side}
          side={side === 'DRAGON' ? 'a' : 'b'}
          name={t(`kind.${side}`)}
          cards={[cards.find((c) => c.side === side)?.card ?? null]}
          won={winner === null ? null : winner === side}
          note={winner === 'TIE' ? t('tie') : null}
          big
          testId={`hand-${side}`}
        />
      ))}
    </div>
  );
}

/** A dragon's eye and a tiger's stripes on one coin: the game's mark. */
function DragonTigerMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
      <path d="M16 2a14 14 0 0 0 0 28z" fill="#3b82f6" />
      <path d="M16 2a14 14 0 0 1 0 28z" fill="#f59e0b" />
      <path d="M8 12c3-2 5-2 6 1-2-1-4 0-6 3z" fill="#fffdf6" />
      <path
        d="M19 9l5 2M19 15l7 1M19 21l5-1"
        stroke="#2a1a00"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export const DRAGON_TIGER_VIEW: GameView = {
  code: DRAGON_TIGER,
  words: {
    en: new URL('./words/en.json', import.meta.url).href,
    hi: new URL('./words/hi.json', import.meta.url).href,
  },
  spotOrder: ['DRAGON', 'TIE', 'TIGER'],
  ruleCount: 3,
  Felt: DragonTigerFelt,
  Mark: DragonTigerMark,
};
