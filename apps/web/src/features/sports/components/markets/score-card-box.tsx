import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../../shared/api/request-error';
import { formatClockTime, withReadableTimes } from '../../../../shared/format/date-time';
import { StateMessage } from '../../../../shared/ui/state-message';
import { SCORECARD_POLL_MS, scoreCardQueryOptions } from '../../api/score-card';

/** How many of the latest happenings the box lists. */
const COMMENTARY_LINES = 4;

/** An event's scorecard, read again every few seconds while the event is in play. */
export function ScoreCardBox({ eventId, inPlay }: { eventId: number; inPlay: boolean }) {
  const { data, error, isPending } = useQuery({
    ...scoreCardQueryOptions(eventId),
    refetchInterval: inPlay ? SCORECARD_POLL_MS : false,
  });
  const updated = data ? new Date(data.updatedAt) : null;
  return (
    <section className="side-box" aria-label="Scorecard">
      <h2 className="side-box__title">Scorecard</h2>
      {isPending ? (
        <StateMessage kind="loading" compact>
          Loading the scorecard…
        </StateMessage>
      ) : error && !data ? (
        <StateMessage kind="empty" compact>
          No scorecard: {errorMessage(error)}
        </StateMessage>
      ) : (
        <div className="score-card" data-testid="scorecard">
          {/* Before the start the server's summary names the start as an ISO instant. */}
          <p className="score-card__summary">{withReadableTimes(data.summary)}</p>
          {data.teams.length > 0 ? (
            <dl className="score-card__teams">
              {data.teams.map((team) => (
                <div className="score-card__team" key={team.name}>
                  <dt>{team.name}</dt>
                  <dd>{team.score}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {data.commentary.length > 0 ? (
            <ul className="score-card__commentary" aria-label="Latest">
              {data.commentary.slice(0, COMMENTARY_LINES).map((line, i) => (
                <li key={`${i}-${line}`}>{line}</li>
              ))}
            </ul>
          ) : null}
          {updated && !Number.isNaN(updated.getTime()) ? (
            <p className="score-card__updated">
              Updated <time dateTime={data.updatedAt}>{formatClockTime(updated)}</time>
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
