import { i18n, useMessages } from '../i18n/i18n';
import './spinner.css';

const messages = i18n('shared/spinner', { loading: 'Loading' });

/** The gold loading spinner (spec §9: loader colour gold). */
export function Spinner({ label }: { label?: string }) {
  const t = useMessages(messages);
  return (
    <span className="spinner" data-testid="spinner" role="status" aria-label={label ?? t.loading} />
  );
}
