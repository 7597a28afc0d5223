import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { StateMessage } from '../../../../shared/ui/state-message';
import { tvStreamQueryOptions } from '../../api/tv-stream';
import { VideoPlayer } from '../video-player';

const messages = i18n('sports/tv-box', {
  title: 'Live video',
  looking: 'Looking for a video stream…',
  failed: params('No video: {error}'),
  noVideo: 'There is no video of this event.',
});

/**
 * The event's video (`Tv/GetStream`): a stream only when its status is 1; a placeholder
 * stream says plainly that it is simulated.
 */
export function TvBox({ eventId, eventTitle }: { eventId: number; eventTitle: string }) {
  const t = useMessages(messages);
  const { data, error, isPending } = useQuery(tvStreamQueryOptions(eventId));
  const playing = data?.status === 1 && data.url ? data.url : null;
  return (
    <section className="side-box" aria-label={t.title}>
      <h2 className="side-box__title">{t.title}</h2>
      {isPending ? (
        <StateMessage kind="loading" compact>
          {t.looking}
        </StateMessage>
      ) : error && !data ? (
        <StateMessage kind="empty" compact>
          {t.failed({ error: errorMessage(error) })}
        </StateMessage>
      ) : !playing ? (
        <StateMessage kind="empty" compact>
          {data.message || t.noVideo}
        </StateMessage>
      ) : (
        <VideoPlayer url={playing} eventTitle={eventTitle} placeholder={data.placeholder} />
      )}
    </section>
  );
}
