import { Icon } from '../../../shared/icons/icon';
import { thumbtackIcon } from '../../../shared/icons/set/thumbtack-icon';
import './sports-ui.css';

/** Pins an event to the top of the lists, or unpins it (spec §4). */
export function PinToggle({
  title,
  pinned,
  onToggle,
}: {
  title: string;
  pinned: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={pinned ? 'pin-toggle pin-toggle--on' : 'pin-toggle'}
      aria-pressed={pinned}
      aria-label={`Pin ${title}`}
      title={pinned ? 'Unpin' : 'Pin to the top'}
      onClick={onToggle}
    >
      <Icon icon={thumbtackIcon} />
    </button>
  );
}
