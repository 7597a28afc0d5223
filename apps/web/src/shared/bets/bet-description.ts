import {
  describeBet as describeWith,
  marketText as marketTextWith,
  priceFigure,
  priceText as priceTextWith,
  sessionResultText,
  type BetDescription,
  type BetWords,
  type DescribableBet,
  type SessionResult,
} from '@backlay/contract/bet-description';
import { useMemo } from 'react';
import { i18n, params, useMessages } from '../i18n/i18n';

/*
 * The client's words for the one bet description (packages/contract/src/bet-description.ts):
 * every view and toast that names a bet reads it through here, in the player's language.
 */

const messages = i18n('shared/bet-description', {
  back: 'Back',
  lay: 'Lay',
  yes: 'Yes',
  no: 'No',
  runs: params('{runs} runs'),
  rate: params('rate {rate}'),
  onRunner: params('{side} {runner}'),
  onSession: params('{side} {market} {runs}'),
  runsOrMore: params('{runs} or more runs'),
  fewerRuns: params('fewer than {runs} runs'),
});

function wordsOf(t: ReturnType<typeof messages.get>): BetWords {
  return {
    back: t.back,
    lay: t.lay,
    yes: t.yes,
    no: t.no,
    runs: (runs) => t.runs({ runs }),
    rate: (rate) => t.rate({ rate }),
    onRunner: (parts) => t.onRunner(parts),
    onSession: (parts) => t.onSession(parts),
    runsOrMore: (runs) => t.runsOrMore({ runs }),
    fewerRuns: (runs) => t.fewerRuns({ runs }),
  };
}

/** The bet words in the language shown now, for text made outside React (a toast). */
export function betWords(): BetWords {
  return wordsOf(messages.get());
}

/** The bet words in the language shown now, re-rendering when it changes. */
export function useBetWords(): BetWords {
  const t = useMessages(messages);
  return useMemo(() => wordsOf(t), [t]);
}

/** A bet's side, selection and choice as its market showed them, in the language shown now. */
export function describeBet(bet: DescribableBet, words: BetWords = betWords()): BetDescription {
  return describeWith(bet, words);
}

/** A price named as its market reads it: "rate 178", or decimal odds ("2.78"). */
export function priceText(marketType: string, price: number, words: BetWords = betWords()) {
  return priceTextWith(marketType, price, words);
}

/** A market named as players read it: a fancy session with its run value. */
export function marketText(
  market: { marketType: string; marketName: string; line: number | null },
  words: BetWords = betWords(),
): string {
  return marketTextWith(market, words);
}

/** A settled market's result as a fancy session reads it ("48 runs"); null for other markets. */
export function fancyResult(
  market: { marketType: string; line: number | null; resultRuns: number | null },
  yesWon: boolean | null,
  words: BetWords = betWords(),
): string | null {
  if (market.marketType !== 'FANCY' || market.line === null) return null;
  const result: SessionResult = { line: market.line, yesWon, resultRuns: market.resultRuns };
  return sessionResultText(result, words);
}

export { priceFigure, type BetDescription, type BetWords };
