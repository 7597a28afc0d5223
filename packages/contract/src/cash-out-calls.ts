/** The cash out calls of the route table: a quote, and its confirmation. */
import {
  cashOutAnswerSchema,
  cashOutQuoteAnswerSchema,
  cashOutQuoteRequestSchema,
  cashOutRequestSchema,
} from './cash-out';
import type { ApiRoute } from './route-entry';

/** What cashing out a market would do now; refreshed with the odds, so no loading indicator. */
export const cashOutQuoteRoute = {
  method: 'GET',
  path: 'Bet/CashOutQuote',
  auth: 'required',
  loader: false,
  pathChosenHere: true,
  request: cashOutQuoteRequestSchema,
  response: cashOutQuoteAnswerSchema,
} satisfies ApiRoute;

/** Places a quote's hedge bets, or answers the quote as it is now; shown like placing a bet. */
export const cashOutRoute = {
  method: 'POST',
  path: 'Bet/CashOut',
  auth: 'required',
  loader: false,
  pathChosenHere: true,
  closedWhenSuspended: true,
  request: cashOutRequestSchema,
  response: cashOutAnswerSchema,
} satisfies ApiRoute;
