/** A rule table's figures and a round's winner as the page writes them. */
import type { CardWinner } from '@backlay/contract/card-games';
import type { TableRule } from './protocol';
import { t } from './messages';

/** What a win pays, stake included (198 hundredths → `1.98×`). */
export function payoutText(payoutCenti: number): string {
  return `${(payoutCenti / 100).toFixed(2)}×`;
}

/** What a bet gives back when another winner comes (`Tie: half back`). */
export function fallbackText(fallback: TableRule['otherwise'][number]): string {
  const on = t(`kind.${fallback.on}`);
  if (fallback.returnCenti === 100) return t('fallbackPush', { on });
  if (fallback.returnCenti === 50) return t('fallbackHalf', { on });
  return t('fallbackShare', { on, percent: fallback.returnCenti });
}

/** The sentence naming a round's winner (`Dragon wins`, `It’s a tie`). */
export function winnerText(winner: CardWinner): string {
  return winner === 'TIE' ? t('tie') : t('wins', { side: t(`kind.${winner}`) });
}
