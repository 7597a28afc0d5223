/**
 * A bet described as its market showed it when it was placed: the one description every view
 * of a bet uses (open bets, bet history, profit and loss, the cash-out panel, the back office,
 * toasts), so a bet never reads one way in the slip and another in the records.
 *
 * Match odds read Back and Lay at decimal odds ("Back India 2.78"). Bookmaker and fancy
 * markets read as rates, what a hundred rupees wins (decimal odds 2.78 is a rate of 178). A
 * fancy session reads No and Yes with its run value: a session is a family of binary markets
 * named as the session, one per run value V (line V - 0.5), whose one runner is Yes; a No is a
 * lay of Yes. So "No 77 runs at rate 102" is a LAY of Yes on the session's market of line 76.5
 * at decimal odds 2.02. The exchange keeps decimal odds and sides underneath; only the words
 * change. The words come from the caller, so each language keeps its own.
 */

/** A bet's side on the wire. */
export type BetSide = 'BACK' | 'LAY';

/** Whether a market's prices read as rates rather than decimal odds. */
export function readsAsRate(marketType: string): boolean {
  return marketType === 'BOOKMAKER' || marketType === 'FANCY';
}

/** Decimal odds as a rate: 1.85 → 85, 2 → 100, 3.05 → 205 (ladder prices give whole rates). */
export function rateOf(price: number): number {
  return Math.round((price - 1) * 100);
}

/** A fancy line's run value: the line 84.5 ("more than 84.5") is the run count 85. */
export function runValueOf(line: number): number {
  return Math.ceil(line);
}

/** Decimal odds as players read them: at most two places, no trailing zeros (2.5, 1.01). */
export function formatOdds(price: number): string {
  return String(Math.round(price * 100) / 100);
}

/** The words a description is made of, in the reader's language. */
export interface BetWords {
  back: string;
  lay: string;
  yes: string;
  no: string;
  /** A run count: "77 runs". */
  runs: (runs: number) => string;
  /** A rate named as one: "rate 102". */
  rate: (rate: number) => string;
  /** What a bet on a selection is on: "Back India". */
  onRunner: (parts: { side: string; runner: string }) => string;
  /** What a bet on a fancy session is on: "No 6 Over Runs MI 77". */
  onSession: (parts: { side: string; market: string; runs: number }) => string;
  /** A settled session's run count, when only its lower bound is known: "77 or more runs". */
  runsOrMore: (runs: number) => string;
  /** A settled session's run count, when only its upper bound is known: "fewer than 77 runs". */
  fewerRuns: (runs: number) => string;
}

/** English, the base language: the back office's words and the client's defaults. */
export const ENGLISH_BET_WORDS: BetWords = {
  back: 'Back',
  lay: 'Lay',
  yes: 'Yes',
  no: 'No',
  runs: (runs) => `${runs} runs`,
  rate: (rate) => `rate ${rate}`,
  onRunner: ({ side, runner }) => `${side} ${runner}`,
  onSession: ({ side, market, runs }) => `${side} ${market} ${runs}`,
  runsOrMore: (runs) => `${runs} or more runs`,
  fewerRuns: (runs) => `fewer than ${runs} runs`,
};

/** What a bet's description is made from: its market, selection and side. */
export interface DescribableBet {
  marketType: string;
  marketName: string;
  runnerName: string;
  side: BetSide;
  /** A fancy market's line (V - 0.5); null for other markets. */
  line: number | null;
}

/** A bet as its market showed it. */
export interface BetDescription {
  /** The colour of its side: a No is a lay, a Yes a back. */
  tone: 'back' | 'lay';
  /** "Back", "Lay", or on a fancy session "Yes", "No". */
  side: string;
  /** What it is on, beside its side: the runner, or on a fancy session its run value ("77 runs"). */
  selection: string;
  /** Side and selection in one phrase, with the session's name: "No 6 Over Runs MI 77". */
  choice: string;
  /** Whether its prices read as rates (bookmaker and fancy) rather than decimal odds. */
  asRate: boolean;
}

function isSession(bet: DescribableBet): bet is DescribableBet & { line: number } {
  return bet.marketType === 'FANCY' && bet.line !== null;
}

/** A bet's side, selection and choice as its market showed them. */
export function describeBet(bet: DescribableBet, words: BetWords): BetDescription {
  const tone = bet.side === 'BACK' ? 'back' : 'lay';
  const asRate = readsAsRate(bet.marketType);
  if (isSession(bet)) {
    const side = bet.side === 'BACK' ? words.yes : words.no;
    const runs = runValueOf(bet.line);
    return {
      tone,
      side,
      selection: words.runs(runs),
      choice: words.onSession({ side, market: bet.marketName, runs }),
      asRate,
    };
  }
  const side = bet.side === 'BACK' ? words.back : words.lay;
  return {
    tone,
    side,
    selection: bet.runnerName,
    choice: words.onRunner({ side, runner: bet.runnerName }),
    asRate,
  };
}

/** A market named as players read it: a fancy session with its run value ("Total · 77 runs"). */
export function marketText(
  market: { marketType: string; marketName: string; line: number | null },
  words: BetWords,
): string {
  if (market.marketType !== 'FANCY' || market.line === null) return market.marketName;
  return `${market.marketName} · ${words.runs(runValueOf(market.line))}`;
}

/** A price's figure as its market shows it: a whole rate ("178") or decimal odds ("2.78"). */
export function priceFigure(marketType: string, price: number): string {
  return readsAsRate(marketType) ? String(rateOf(price)) : formatOdds(price);
}

/** A price named as its market reads it: "rate 178", or decimal odds alone ("2.78"). */
export function priceText(marketType: string, price: number, words: BetWords): string {
  return readsAsRate(marketType) ? words.rate(rateOf(price)) : formatOdds(price);
}

/** What is known of a settled fancy market's result. */
export interface SessionResult {
  /** The market's line (V - 0.5). */
  line: number;
  /** Whether Yes won at this run value; null for a void market. */
  yesWon: boolean | null;
  /** The session's final run count, where the server knows it; else null. */
  resultRuns: number | null;
}

/**
 * A settled fancy market's result in runs: the session's run count ("88 runs") where it is
 * known, else what this run value tells of it ("77 or more runs", "fewer than 77 runs");
 * null for a void market.
 */
export function sessionResultText(result: SessionResult, words: BetWords): string | null {
  if (result.yesWon === null) return null;
  if (result.resultRuns !== null) return words.runs(result.resultRuns);
  const runs = runValueOf(result.line);
  return result.yesWon ? words.runsOrMore(runs) : words.fewerRuns(runs);
}
