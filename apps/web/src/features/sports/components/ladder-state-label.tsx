import { useMessages } from '../../../shared/i18n/i18n';
import { ladderStateLabel, ladderStateMessages, type LadderState } from '../model/market-state';
import './sports-ui.css';

/**
 * The words laid over a ladder that takes no bets ("Suspended", "Settled — India won"), as a
 * status, so a screen reader says it when a push changes the market. Nothing for an open one.
 */
export function LadderStateLabel({
  state,
  id,
  className,
}: {
  state: LadderState;
  /** For the market or row to be described by it. */
  id?: string;
  /** Where the parent lays the label (over its price cells). */
  className: string;
}) {
  const t = useMessages(ladderStateMessages);
  const text = ladderStateLabel(state, t);
  if (text === null) return null;
  return (
    <div className={`${className} ladder-state ladder-state--${state.kind.toLowerCase()}`}>
      <p className="ladder-state__label" id={id} role="status">
        {text}
      </p>
    </div>
  );
}
