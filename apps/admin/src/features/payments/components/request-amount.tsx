import { Money } from '../../../shared/ui/money';

/**
 * What a request is for: the amount asked, or, when finance settled another amount, the one
 * asked struck through beside the one credited or paid.
 */
export function RequestAmount({
  amount,
  settledAmount,
}: {
  amount: number;
  settledAmount: number | null;
}) {
  if (settledAmount === null || settledAmount === amount) return <Money value={amount} />;
  return (
    <span className="corrected">
      <span className="corrected__asked">
        <span className="visually-hidden">Asked </span>
        <Money value={amount} />
      </span>
      <span>
        <span className="visually-hidden">, settled </span>
        <Money value={settledAmount} />
      </span>
    </span>
  );
}
