import { formatFieldValue, type FieldChange } from '../model/diff-documents';
import './brands.css';

/** Changed fields as a table: each field's path, its value before and after. */
export function DiffTable({
  label,
  changes,
  beforeLabel = 'Before',
  afterLabel = 'After',
}: {
  label: string;
  changes: readonly FieldChange[];
  beforeLabel?: string;
  afterLabel?: string;
}) {
  if (changes.length === 0) return <p className="muted">No field differs.</p>;
  return (
    <div className="diff-table__scroller">
      <table className="diff-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">{beforeLabel}</th>
            <th scope="col">{afterLabel}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.path}>
              <th scope="row" className="mono">
                {change.path}
              </th>
              <td className="diff-table__before">{formatFieldValue(change.before)}</td>
              <td className="diff-table__after">{formatFieldValue(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
