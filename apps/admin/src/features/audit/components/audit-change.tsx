import type { AuditEntry } from '@backlay/contract/admin';
import { changedFields } from '../model/changed-fields';
import './audit.css';

function asJson(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);
}

/** An audit entry's record before and after the action, side by side. */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const changed = changedFields(entry.before, entry.after);
  return (
    <div className="audit-change">
      {changed.length > 0 ? (
        <p className="audit-change__changed">
          Changed: <span className="mono">{changed.join(', ')}</span>
        </p>
      ) : null}
      <div className="audit-change__sides">
        <figure>
          <figcaption>Before</figcaption>
          <pre>{asJson(entry.before)}</pre>
        </figure>
        <figure>
          <figcaption>After</figcaption>
          <pre>{asJson(entry.after)}</pre>
        </figure>
      </div>
    </div>
  );
}
