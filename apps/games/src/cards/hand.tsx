/**
 * A hand on the felt: its name, its cards (face down where a card is still to come) and, once
 * the round is decided, whether it won. A card turns face up with a short deal animation the
 * moment its message arrives.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { PlayingCard, SUIT_SYMBOLS } from './card-art';
import { rankOf, suitOf } from './contract-values';
import { laterWords, t } from './messages';

/**
 * A card's name for a screen reader, in the page's language ("Ace of spades"); until the later
 * words are in, as the card prints it ("A♠").
 */
export function cardName(card: string | null): string {
  if (!card) return t('cardToCome');
  if (!laterWords.loaded) return `${rankOf(card)}${SUIT_SYMBOLS[suitOf(card)]}`;
  const later = laterWords.t;
  return later('cardName', {
    rank: later(`rank.${rankOf(card)}` as 'rank.A'),
    suit: later(`suit.${suitOf(card)}`),
  });
}

export function Hand({
  side,
  name,
  cards,
  won,
  note,
  big,
  fan,
  testId,
}: {
  side: 'a' | 'b';
  name: string;
  /** Its cards, null for one still to come. */
  cards: (string | null)[];
  won: boolean | null;
  /** A line under the cards (a Teen Patti hand's name), or null. */
  note: ReactNode;
  big?: boolean;
  /** Many cards: overlapped in a row that scrolls within itself. */
  fan?: boolean;
  testId?: string;
}) {
  const row = useRef<HTMLDivElement>(null);
  // A long row keeps its newest card in sight.
  useEffect(() => {
    if (fan && row.current) row.current.scrollLeft = row.current.scrollWidth;
  }, [fan, cards.length]);
  return (
    <section
      className="hand"
      data-side={side}
      data-won={won === null ? undefined : String(won)}
      aria-label={name}
      data-testid={testId}
    >
      <div className="hand-head">
        <h2 className="hand-name">{name}</h2>
        {fan && (
          <p className="hand-note">
            {cards.length === 1 ? t('cardsDealtOne') : t('cardsDealt', { count: cards.length })}
          </p>
        )}
      </div>
      <div ref={row} className="hand-cards" data-fan={fan || undefined}>
        {cards.map((card, index) => (
          <PlayingCard
            key={index}
            card={card}
            label={cardName(card)}
            className={[big ? 'card-big' : '', card ? 'card-dealt' : ''].join(' ').trim()}
          />
        ))}
      </div>
      {!fan && <p className="hand-note">{note}</p>}
    </section>
  );
}
