import { useState } from 'react';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { tvIcon } from '../../../shared/icons/set/tv-icon';
import './header-tools.css';

const messages = i18n('sports/video-box', {
  liveVideo: 'Live video',
  comingSoon: 'Live match video is coming soon.',
});

/** The header's video box: live match video opens here. */
export function VideoBox() {
  const t = useMessages(messages);
  const [open, setOpen] = useState(false);
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
          <div className="video-box__screen">
            <Icon icon={tvIcon} />
          </div>
          <p className="video-box__text">{t.comingSoon}</p>
        </div>
      ) : null}
    </div>
  );
}
