import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useBetSlip } from '../../bets/index';
import { useOneTapBets } from '../hooks/use-one-tap-bets';
import { BetSlip } from './bet-slip';

/**
 * Where the bet slip lives on screen: docked at the bottom on a phone, beside the page on
 * a desktop. A new price replaces the slip; leaving the page closes it. A price tapped with
 * one-tap betting on is placed from here with no slip, unless the bet fails.
 */
export default function BetSlipDock() {
  const selection = useBetSlip((s) => s.selection);
  const close = useBetSlip((s) => s.close);
  const handOff = useOneTapBets();
  const { pathname } = useLocation();
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedOn.current) close();
  }, [pathname, close]);
  if (!selection) return null;
  const key = `${selection.marketId}:${selection.runnerId}:${selection.side}:${selection.price}`;
  return (
    <BetSlip
      key={key}
      selection={selection}
      handOff={handOff?.selection === selection ? handOff.slip : undefined}
    />
  );
}
