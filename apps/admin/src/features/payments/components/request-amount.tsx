import { Money } from '../../../shared/ui/money';

/**
 * What a request is for: the amount asked, or, when finance settled another amount, the one
 * asked struck through beside the one credited or paid; or, for a correction awaiting a second
 * approval, beside the one proposed.
 */
export function RequestAmount({
  amount,
  settledAmount,
  proposedAmount = null,
}: {
  amount: number;
  settledAmount: number | null;
  /** A corrected amount not yet approved: shown as proposed. */
  proposedAmount?: number | null;
}) {
  const other = settledAmount ?? proposedAmount;
  if (other === null || other === amount) return <Money value={amount} />;
  return (
    <span className="corrected">
      <span className="corrected__asked">
        <span className="visually-hidden">Asked </span>
        <Money value={amount} />
      </span>
      <span>
        <span className="visually-hidden">{settledAmount === null ? ', ' : ', settled '}</span>
        <Money value={other} />
        {settledAmount === null ? <span className="muted"> proposed</span> : null}
      </span>
    </span>
  );
}
