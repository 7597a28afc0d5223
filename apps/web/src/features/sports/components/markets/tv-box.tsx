import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../../shared/api/request-error';
import { Icon } from '../../../../shared/icons/icon';
import { circleInfoIcon } from '../../../../shared/icons/set/circle-info-icon';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { StateMessage } from '../../../../shared/ui/state-message';
import { tvStreamQueryOptions } from '../../api/tv-stream';

/** Stream addresses a video element plays itself, and pictures (a feed's stand-in). */
const VIDEO_FILE = /\.(mp4|webm|ogg|m3u8)(\?|#|$)/i;
const PICTURE_FILE = /\.(svg|png|jpe?g|gif|webp)(\?|#|$)/i;

const messages = i18n('sports/tv-box', {
  title: 'Live video',
  looking: 'Looking for a video stream…',
  failed: params('No video: {error}'),
  noVideo: 'There is no video of this event.',
  // Shown over a simulated feed, so it is never taken for the match.
  simulatedNotice:
    'Simulated feed: there is no live video of this match. The picture is the demo feed’s placeholder, not the event.',
  simulatedFeedOf: params('Simulated feed for {event}'),
  videoOf: params('Video of {event}'),
  simulated: 'Simulated',
});

/** What a player page in a frame may use; no words. */
const FRAME_PERMISSIONS = 'autoplay; fullscreen; picture-in-picture';

/** The stream: a video, a picture, or else a player page in a frame. */
function Player({ url, title }: { url: string; title: string }) {
  if (PICTURE_FILE.test(url)) return <img className="tv-box__screen" src={url} alt={title} />;
  return VIDEO_FILE.test(url) ? (
    <video className="tv-box__screen" src={url} controls muted playsInline aria-label={title} />
  ) : (
    <iframe
      className="tv-box__screen"
      src={url}
      title={title}
      allow={FRAME_PERMISSIONS}
      referrerPolicy="no-referrer"
    />
  );
}

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
        <div className="tv-box">
          {data.placeholder ? (
            <p className="tv-box__notice" role="note">
              <Icon icon={circleInfoIcon} />
              <span>{t.simulatedNotice}</span>
            </p>
          ) : null}
          <div className="tv-box__frame">
            <Player
              url={playing}
              title={
                data.placeholder
                  ? t.simulatedFeedOf({ event: eventTitle })
                  : t.videoOf({ event: eventTitle })
              }
            />
            {data.placeholder ? <span className="tv-box__tag">{t.simulated}</span> : null}
          </div>
        </div>
      )}
    </section>
  );
}
