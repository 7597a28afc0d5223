import { Icon } from '../../../shared/icons/icon';
import { circleInfoIcon } from '../../../shared/icons/set/circle-info-icon';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import './video-player.css';

/** Stream addresses a video element plays itself, and pictures (a feed's stand-in). */
const VIDEO_FILE = /\.(mp4|webm|ogg|m3u8)(\?|#|$)/i;
const PICTURE_FILE = /\.(svg|png|jpe?g|gif|webp)(\?|#|$)/i;

/** What a player page in a frame may use; no words. */
const FRAME_PERMISSIONS = 'autoplay; fullscreen; picture-in-picture';

const messages = i18n('sports/video-player', {
  // Shown over a simulated feed, so it is never taken for the match.
  simulatedNotice:
    'Simulated feed: there is no live video of this match. The picture is the demo feed’s placeholder, not the event.',
  simulatedFeedOf: params('Simulated feed for {event}'),
  videoOf: params('Video of {event}'),
  simulated: 'Simulated',
});

/** The stream: a video, a picture, or else a player page in a frame. */
function Screen({ url, title }: { url: string; title: string }) {
  if (PICTURE_FILE.test(url)) return <img className="video-player__screen" src={url} alt={title} />;
  return VIDEO_FILE.test(url) ? (
    <video
      className="video-player__screen"
      src={url}
      controls
      muted
      playsInline
      aria-label={title}
    />
  ) : (
    <iframe
      className="video-player__screen"
      src={url}
      title={title}
      allow={FRAME_PERMISSIONS}
      referrerPolicy="no-referrer"
    />
  );
}

/**
 * An event's video, wherever it is shown (the event page's TV box, the header's video box): a
 * placeholder says plainly that it is simulated, above it and on it.
 */
export function VideoPlayer({
  url,
  eventTitle,
  placeholder,
}: {
  url: string;
  eventTitle: string;
  placeholder: boolean;
}) {
  const t = useMessages(messages);
  return (
    <div className="video-player">
      {placeholder ? (
        <p className="video-player__notice" role="note">
          <Icon icon={circleInfoIcon} />
          <span>{t.simulatedNotice}</span>
        </p>
      ) : null}
      <div className="video-player__frame">
        <Screen
          url={url}
          title={
            placeholder
              ? t.simulatedFeedOf({ event: eventTitle })
              : t.videoOf({ event: eventTitle })
          }
        />
        {placeholder ? <span className="video-player__tag">{t.simulated}</span> : null}
      </div>
    </div>
  );
}
