import { useId, type ReactNode } from 'react';
import './stat-tiles.css';

/** A titled row of figures. */
export function StatTiles({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="tiles" aria-labelledby={headingId}>
      <h2 className="tiles__title" id={headingId}>
        {title}
      </h2>
      <dl className="tiles__list">{children}</dl>
    </section>
  );
}

/** One figure with its name, and a few words under it. */
export function StatTile({
  label,
  value,
  hint,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="tile">
      <dt className="tile__label">{label}</dt>
      <dd className="tile__value">{value}</dd>
      {hint ? <dd className="tile__hint">{hint}</dd> : null}
    </div>
  );
}
