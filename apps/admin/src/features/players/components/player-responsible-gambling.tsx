import type { PlayerDetail } from '@backlay/contract/admin';
import {
  LIMIT_WINDOWS,
  type GamblingLimit,
  type LimitWindow,
} from '@backlay/contract/responsible-gambling';
import { formatDateTime } from '../../../shared/format/dates';
import { formatRupees } from '../../../shared/format/money';
import { Badge } from '../../../shared/ui/badge';
import { Money } from '../../../shared/ui/money';

type ResponsibleGambling = PlayerDetail['responsibleGambling'];
type GamblingBreak = NonNullable<ResponsibleGambling['break']>;

const WINDOW_LABELS: Record<LimitWindow, string> = {
  day: '24 hours',
  week: '7 days',
  month: '30 days',
};

const LIMIT_ROWS = [
  { kind: 'deposit', label: 'Deposit' },
  { kind: 'loss', label: 'Loss' },
] as const;

/** A break as operators read it: `Self-excluded until …` or `Time-out until …`. */
export function breakLabel(gamblingBreak: GamblingBreak): string {
  const kind = gamblingBreak.kind === 'SELF_EXCLUSION' ? 'Self-excluded' : 'Time-out';
  return `${kind} until ${formatDateTime(gamblingBreak.until)}`;
}

/** The player's break in force, as a badge beside their other flags; nothing when none. */
export function PlayerBreakBadge({ gamblingBreak }: { gamblingBreak: GamblingBreak | null }) {
  if (!gamblingBreak) return null;
  return (
    <Badge tone={gamblingBreak.kind === 'SELF_EXCLUSION' ? 'bad' : 'warning'}>
      {breakLabel(gamblingBreak)}
    </Badge>
  );
}

/** One limit's cell: the amount in force and what its window used, then any raise waiting. */
function LimitCell({ limit }: { limit: GamblingLimit }) {
  return (
    <td>
      {limit.amount === null ? (
        'No limit'
      ) : (
        <>
          {formatRupees(limit.amount)}{' '}
          <span className="muted">({formatRupees(limit.used)} used)</span>
        </>
      )}
      {limit.pending ? (
        <span className="rg-limits__pending">
          →{' '}
          {limit.pending.amount === null
            ? `removed from ${formatDateTime(limit.pending.from)}`
            : `${formatRupees(limit.pending.amount)} from ${formatDateTime(limit.pending.from)}`}
        </span>
      ) : null}
    </td>
  );
}

/**
 * The player's own responsible-gambling settings: their break, deposit and loss limits per
 * window, open liability and the changes they made. Read only: nobody lifts them early.
 */
export function PlayerResponsibleGambling({ settings }: { settings: ResponsibleGambling }) {
  const gamblingBreak = settings.break;
  return (
    <div className="rg">
      <p className="muted">
        Set by the player. Nobody can lift a limit or a break early, so there is nothing to change
        here.
      </p>
      {gamblingBreak ? (
        <p
          className={
            gamblingBreak.kind === 'SELF_EXCLUSION' ? 'rg__break rg__break--excluded' : 'rg__break'
          }
        >
          {breakLabel(gamblingBreak)}{' '}
          <span className="muted">(since {formatDateTime(gamblingBreak.since)})</span>
        </p>
      ) : null}
      <div className="rg__body">
        <div className="stack">
          <div className="rg-limits__scroller">
            <table className="rg-limits" aria-label="Limits">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Limit</span>
                  </th>
                  {LIMIT_WINDOWS.map((window) => (
                    <th key={window} scope="col">
                      {WINDOW_LABELS[window]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {LIMIT_ROWS.map((row) => (
                  <tr key={row.kind}>
                    <th scope="row">{row.label}</th>
                    {LIMIT_WINDOWS.map((window) => (
                      <LimitCell key={window} limit={settings[row.kind][window]} />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="facts">
            <dt>Open liability</dt>
            <dd>
              <Money value={settings.openLiability} />{' '}
              <span className="muted">(counts as possible loss under a loss limit)</span>
            </dd>
          </dl>
        </div>
        <div className="stack">
          <h3 className="rg__subtitle">History</h3>
          {settings.history.length === 0 ? (
            <p className="muted">No changes yet.</p>
          ) : (
            <ol className="notes" aria-label="Responsible gambling history">
              {settings.history.map((entry, index) => (
                <li key={`${entry.at}|${index}`}>
                  <span className="notes__meta">{formatDateTime(entry.at)}</span>
                  {entry.change}
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </div>
  );
}
