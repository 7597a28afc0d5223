import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../shared/format/date-time';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { useNow } from '../../../shared/dates/use-now';
import { timeLeft } from '../model/wagering';

const messages = i18n('bonus/countdown', {
  daysHours: params('{days}d {hours}h left'),
  hoursMinutes: params('{hours}h {minutes}m left'),
  minutesSeconds: params('{minutes}m {seconds}s left'),
  over: 'Time is up',
  until: params('Until {time}'),
});

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The time left until a moment (a bonus's wagering deadline), ticking each second, with the
 * moment itself in its title; `onOver` is called once when it runs out.
 */
export function Countdown({ until, onOver }: { until: string; onOver?: () => void }) {
  const t = useMessages(messages);
  const now = useNow(true);
  const left = timeLeft(until, now);
  const told = useRef(false);
  useEffect(() => {
    if (!left.over || told.current) return;
    told.current = true;
    onOver?.();
  }, [left.over, onOver]);

  const text = left.over
    ? t.over
    : left.days > 0
      ? t.daysHours({ days: String(left.days), hours: String(left.hours) })
      : left.hours > 0
        ? t.hoursMinutes({ hours: String(left.hours), minutes: pad(left.minutes) })
        : t.minutesSeconds({ minutes: String(left.minutes), seconds: pad(left.seconds) });
  return (
    <time
      className="bonus-countdown"
      dateTime={until}
      title={t.until({ time: formatDateTime(until) })}
    >
      {text}
    </time>
  );
}
