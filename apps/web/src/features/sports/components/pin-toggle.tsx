import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { thumbtackIcon } from '../../../shared/icons/set/thumbtack-icon';
import './sports-ui.css';

const messages = i18n('sports/pin-toggle', {
  pin: params('Pin {title}'),
  unpin: 'Unpin',
  pinToTop: 'Pin to the top',
});

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
  const t = useMessages(messages);
  return (
    <button
      type="button"
      className={pinned ? 'pin-toggle pin-toggle--on' : 'pin-toggle'}
      aria-pressed={pinned}
      aria-label={t.pin({ title })}
      title={pinned ? t.unpin : t.pinToTop}
      onClick={onToggle}
    >
      <Icon icon={thumbtackIcon} />
    </button>
  );
}
