import { lazy, Suspense, useEffect, useState } from 'react';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { tvIcon } from '../../../shared/icons/set/tv-icon';
import './header-tools.css';

// What opens in the box loads only once a player opens it, never on a first visit.
const VideoPanel = lazy(() => import('./video-panel'));

const messages = i18n('sports/video-box', { liveVideo: 'Live video' });

/** The header's video box: live match video opens here. */
export function VideoBox() {
  const t = useMessages(messages);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [open]);
  return (
    <div className="video-box">
      <button
        type="button"
        className="header-icon-button"
        aria-expanded={open}
        aria-label={t.liveVideo}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon icon={tvIcon} />
      </button>
      {open ? (
        <div className="video-box__panel" role="dialog" aria-label={t.liveVideo}>
          <Suspense
            fallback={
              <div className="video-box__screen">
                <Icon icon={tvIcon} />
              </div>
            }
          >
            <VideoPanel onNavigate={() => setOpen(false)} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
