import { HUB_MESSAGE_CODES, parseHubMessage } from '@backlay/contract/hub';
import type { QueryClient } from '@tanstack/react-query';
import { writeUserBalance } from '../session/user-info-query';
import { emitBalancePush } from './balance-pushes';
import { emitMarketUpdate } from './market-updates';

/**
 * The newest balance version pushed to one session: pushes can arrive out of order (two
 * servers, two commits close together), and a push older than one already applied must not
 * put older figures back. A new session (another token) starts again.
 */
export class BalanceVersions {
  private token: string | null = null;
  private version = -1;

  constructor(private readonly readToken: () => string | null) {}

  /** Whether a push of this version is newer than every one applied (a push without one is). */
  accept(version: number | undefined): boolean {
    if (version === undefined) return true;
    const token = this.readToken();
    if (token !== this.token) {
      this.token = token;
      this.version = -1;
    }
    if (version <= this.version) return false;
    this.version = version;
    return true;
  }
}

/**
 * Applies one pushed `Message`: a balance goes into the user info query (the header shows
 * it at once, without a fetch) and then to the balance listeners, which decide what else to
 * read again, unless `versions` says a newer one was already applied; a market update goes
 * to the market listeners. A message this client cannot read is logged and ignored (spec §8:
 * hub errors are logged only); unknown codes are ignored.
 */
export function applyHubPush(
  payload: unknown,
  queryClient: QueryClient,
  logError: (message: string, error?: unknown) => void,
  versions?: BalanceVersions,
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
      if (versions && !versions.accept(message.data.Version)) return;
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
