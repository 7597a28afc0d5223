import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../../../shared/api/request-error';
import { formatClockTime, withReadableTimes } from '../../../../shared/format/date-time';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { messageWith } from '../../../../shared/i18n/message-with';
import { Icon } from '../../../../shared/icons/icon';
import { chevronDownIcon } from '../../../../shared/icons/set/chevron-down-icon';
import { StateMessage } from '../../../../shared/ui/state-message';
import { SCORECARD_POLL_MS, scoreCardQueryOptions } from '../../api/score-card';

const messages = i18n('sports/score-card-box', {
  title: 'Scorecard',
  loading: 'Loading the scorecard…',
  failed: params('No scorecard: {error}'),
  latest: 'Latest',
  updated: params('Updated {time}'),
  showAll: 'Show the whole scorecard',
});

/** How many of the latest happenings the box lists. */
const COMMENTARY_LINES = 4;

/**
 * An event's scorecard, read again every few seconds while the event is in play. A start time in
 * it reads as the event's header does, with the venue's time where its clock differs. On a phone
 * it is one line above the prices (each side's score, or the summary), the whole card a tap
 * away, so the prices stay above the fold; wide screens show it whole beside the markets.
 */
export function ScoreCardBox({
  eventId,
  inPlay,
  venueTimeZone,
}: {
  eventId: number;
  inPlay: boolean;
  venueTimeZone?: string | undefined;
}) {
  const t = useMessages(messages);
  const { data, error, isPending } = useQuery({
    ...scoreCardQueryOptions(eventId),
    refetchInterval: inPlay ? SCORECARD_POLL_MS : false,
  });
  const [expanded, setExpanded] = useState(false);
  const cardId = useId();
  const updated = data ? new Date(data.updatedAt) : null;
  const line = data
    ? data.teams.length > 0
      ? data.teams.map((team) => `${team.name} ${team.score}`).join(' · ')
      : withReadableTimes(data.summary, { venueTimeZone })
    : null;
  return (
    <section className="side-box score-box" aria-label={t.title} data-expanded={expanded}>
      <h2 className="side-box__title score-box__title">{t.title}</h2>
      {line !== null ? (
        <button
          type="button"
          className="score-box__line"
          aria-expanded={expanded}
          aria-controls={cardId}
          aria-label={`${line}. ${t.showAll}`}
          onClick={() => setExpanded((open) => !open)}
          data-testid="scorecard-line"
        >
          <span className="score-box__line-text">{line}</span>
          <Icon icon={chevronDownIcon} />
        </button>
      ) : null}
      {isPending ? (
        <StateMessage kind="loading" compact>
          {t.loading}
        </StateMessage>
      ) : error && !data ? (
        <StateMessage kind="empty" compact>
          {t.failed({ error: errorMessage(error) })}
        </StateMessage>
      ) : (
        <div className="score-card" id={cardId} data-testid="scorecard">
          {/* Before the start the server's summary names the start as an ISO instant. */}
          <p className="score-card__summary">
            {withReadableTimes(data.summary, { venueTimeZone })}
          </p>
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
            <ul className="score-card__commentary" aria-label={t.latest}>
              {data.commentary.slice(0, COMMENTARY_LINES).map((line, i) => (
                <li key={`${i}-${line}`}>{line}</li>
              ))}
            </ul>
          ) : null}
          {updated && !Number.isNaN(updated.getTime()) ? (
            <p className="score-card__updated">
              {messageWith(
                t.updated,
                'time',
                <time dateTime={data.updatedAt}>{formatClockTime(updated)}</time>,
              )}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
