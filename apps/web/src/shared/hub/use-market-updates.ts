import { useEffect, useRef } from 'react';
import { onMarketUpdate, type MarketUpdateListener } from './market-updates';
import { unwatchMarkets, watchMarkets } from './realtime';

/** Market ids never hold a comma (contract: `marketIdSchema`), so a joined list is a key. */
const ID_SEPARATOR = ',';

/**
 * Watches markets while the calling component is mounted and hands their pushed odds and
 * status to `onUpdate`, typically to write them into the market's query data.
 */
export function useMarketUpdates(
  marketIds: readonly string[],
  onUpdate: MarketUpdateListener,
): void {
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  }, [onUpdate]);

  const key = marketIds.join(ID_SEPARATOR);
  useEffect(() => {
    if (key === '') return;
    const ids = key.split(ID_SEPARATOR);
    const wanted = new Set(ids);
    const stopListening = onMarketUpdate((update) => {
      if (wanted.has(update.data.MarketId)) latest.current(update);
    });
    watchMarkets(ids);
    return () => {
      stopListening();
      unwatchMarkets(ids);
    };
  }, [key]);
}
