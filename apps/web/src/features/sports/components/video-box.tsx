import { useState } from 'react';
import { Icon } from '../../../shared/icons/icon';
import { tvIcon } from '../../../shared/icons/set/tv-icon';
import './header-tools.css';

/** The header's video box: live match video opens here. */
export function VideoBox() {
  const [open, setOpen] = useState(false);
  return (
    <div className="video-box">
      <button
        type="button"
        className="header-icon-button"
        aria-expanded={open}
        aria-label="Live video"
        onClick={() => setOpen((v) => !v)}
      >
        <Icon icon={tvIcon} />
      </button>
      {open ? (
        <div className="video-box__panel" role="dialog" aria-label="Live video">
          <div className="video-box__screen">
            <Icon icon={tvIcon} />
          </div>
          <p className="video-box__text">Live match video is coming soon.</p>
        </div>
      ) : null}
    </div>
  );
}
