import type { SettingChange } from '../model/provider-draft';

/** What a save changes, setting by setting: as it is now, and as it will be. */
export function ChangeList({ label, changes }: { label: string; changes: SettingChange[] }) {
  return (
    <table className="change-list" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Setting</th>
          <th scope="col">Now</th>
          <th scope="col">After saving</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.label}>
            <th scope="row">{change.label}</th>
            <td className="change-list__before">{change.before}</td>
            <td>{change.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
