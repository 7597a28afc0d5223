import { useId } from 'react';
import { Icon } from '../../../shared/icons/icon';
import { circleExclamationIcon } from '../../../shared/icons/set/circle-exclamation-icon';
import { useSelfExclude } from '../api/self-exclude';
import { useTakeTimeOut } from '../api/take-time-out';
import { SELF_EXCLUSION_CHOICES, TIME_OUT_CHOICES } from '../model/break-periods';
import { BreakForm, type BreakCopy } from './break-form';

const TIME_OUT: BreakCopy = {
  title: 'Time-out',
  intro: (
    <p className="rg-card__lead">
      Step away for a while. You are logged out at once on every device and cannot log in until the
      time-out ends. It cannot be ended early.
    </p>
  ),
  submitLabel: 'Take a time-out',
  confirmTitle: (length) => `Take a time-out of ${length}?`,
  confirmText: (end) => (
    <p>
      You will be logged out at once, on every device, and cannot log in until{' '}
      <strong>{end}</strong>. The time-out cannot be ended early, by you or by our support team.
    </p>
  ),
  confirmLabel: 'Start the time-out',
};

const SELF_EXCLUSION_WARNING =
  'Self-exclusion cannot be undone or shortened, by you or by our support team. Until it ends you cannot log in, and you cannot open another account on this site with the same mobile number.';

const SELF_EXCLUSION: BreakCopy = {
  title: 'Self-exclusion',
  intro: (
    <>
      <p className="rg-card__lead">For a longer break from gambling: six months or more.</p>
      <p className="rg-warning" role="note">
        <Icon icon={circleExclamationIcon} />
        <span>{SELF_EXCLUSION_WARNING}</span>
      </p>
    </>
  ),
  submitLabel: 'Exclude myself',
  confirmTitle: (length) => `Exclude yourself for ${length}?`,
  confirmText: (end) => (
    <>
      <p>
        Your account will be closed to you until <strong>{end}</strong>. You will be logged out at
        once, on every device.
      </p>
      <p className="rg-warning">
        <Icon icon={circleExclamationIcon} />
        <span>{SELF_EXCLUSION_WARNING}</span>
      </p>
    </>
  ),
  confirmLabel: 'Exclude me',
};

/** Taking a break: a time-out of up to six weeks, or self-exclusion of six months or more. */
export function TakeABreak() {
  const titleId = useId();
  const timeOut = useTakeTimeOut();
  const exclude = useSelfExclude();
  return (
    <section className="rg-card" aria-labelledby={titleId}>
      <h2 className="rg-card__title" id={titleId}>
        Take a break
      </h2>
      <div className="rg-breaks">
        <BreakForm
          kind="TIME_OUT"
          copy={TIME_OUT}
          choices={TIME_OUT_CHOICES}
          start={(input, after) => timeOut.mutate(input, after)}
          starting={timeOut.isPending}
        />
        <BreakForm
          kind="SELF_EXCLUSION"
          copy={SELF_EXCLUSION}
          choices={SELF_EXCLUSION_CHOICES}
          start={(input, after) => exclude.mutate(input, after)}
          starting={exclude.isPending}
        />
      </div>
    </section>
  );
}
