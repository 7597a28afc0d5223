import './spinner.css';

/** The gold loading spinner (spec §9: loader colour gold). */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="spinner" data-testid="spinner" role="status" aria-label={label} />;
}
