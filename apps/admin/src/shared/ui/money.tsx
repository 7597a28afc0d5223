import { formatRupees, tone } from '../format/money';
import './money.css';

/** An amount in rupees; `signed` colours gains green and losses red. */
export function Money({ value, signed = false }: { value: number | null; signed?: boolean }) {
  const className = signed && value !== null ? `money money--${tone(value)}` : 'money';
  return <span className={className}>{formatRupees(value)}</span>;
}
