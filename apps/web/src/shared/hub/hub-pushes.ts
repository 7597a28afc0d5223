import { HUB_MESSAGE_CODES, parseHubMessage } from '@backlay/contract/hub';
import type { QueryClient } from '@tanstack/react-query';
import { writeUserBalance } from '../session/user-info-query';
import { emitBalancePush } from './balance-pushes';
import { emitMarketUpdate } from './market-updates';

/**
 * Applies one pushed `Message`: a balance goes into the user info query (the header shows
 * it at once, without a fetch) and then to the balance listeners, which decide what else to
 * read again; a market update goes to the market listeners. A message this client cannot
 * read is logged and ignored (spec §8: hub errors are logged only); unknown codes are
 * ignored.
 */
export function applyHubPush(
  payload: unknown,
  queryClient: QueryClient,
  logError: (message: string, error?: unknown) => void,
): void {
  let message: ReturnType<typeof parseHubMessage>;
  try {
    message = parseHubMessage(payload);
  } catch (error) {
    logError('A pushed message could not be read and is ignored.', error);
    return;
  }
  if (message === null) return;
  switch (message.code) {
    case HUB_MESSAGE_CODES.userBalance: {
      const update = { balance: message.data.Balance, exposure: message.data.Exposure };
      writeUserBalance(queryClient, update);
      emitBalancePush(update);
      return;
    }
    case HUB_MESSAGE_CODES.marketOdds:
    case HUB_MESSAGE_CODES.marketStatus:
      emitMarketUpdate(message);
      return;
  }
}
