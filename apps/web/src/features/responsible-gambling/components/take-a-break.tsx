import { useId } from 'react';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { messageWith } from '../../../shared/i18n/message-with';
import { Icon } from '../../../shared/icons/icon';
import { circleExclamationIcon } from '../../../shared/icons/set/circle-exclamation-icon';
import { useSelfExclude } from '../api/self-exclude';
import { useTakeTimeOut } from '../api/take-time-out';
import { SELF_EXCLUSION_PERIODS, TIME_OUT_PERIODS } from '../model/break-periods';
import { BreakForm, type BreakCopy } from './break-form';

const messages = i18n('responsible-gambling/take-a-break', {
  title: 'Take a break',
  timeOut: 'Time-out',
  timeOutIntro:
    'Step away for a while. You are logged out at once on every device and cannot log in until the time-out ends. It cannot be ended early.',
  takeTimeOut: 'Take a time-out',
  timeOutConfirmTitle: params('Take a time-out of {length}?'),
  timeOutConfirmText: params(
    'You will be logged out at once, on every device, and cannot log in until {end}. The time-out cannot be ended early, by you or by our support team.',
  ),
  startTimeOut: 'Start the time-out',
  selfExclusion: 'Self-exclusion',
  selfExclusionIntro: 'For a longer break from gambling: six months or more.',
  selfExclusionWarning:
    'Self-exclusion cannot be undone or shortened, by you or by our support team. Until it ends you cannot log in, and you cannot open another account on this site with the same mobile number.',
  excludeMyself: 'Exclude myself',
  excludeConfirmTitle: params('Exclude yourself for {length}?'),
  excludeConfirmText: params(
    'Your account will be closed to you until {end}. You will be logged out at once, on every device.',
  ),
  excludeMe: 'Exclude me',
});

type TakeABreakText = ReturnType<typeof messages.get>;

function timeOutCopy(t: TakeABreakText): BreakCopy {
  return {
    title: t.timeOut,
    intro: <p className="rg-card__lead">{t.timeOutIntro}</p>,
    submitLabel: t.takeTimeOut,
    confirmTitle: (length) => t.timeOutConfirmTitle({ length }),
    confirmText: (end) => <p>{messageWith(t.timeOutConfirmText, 'end', <strong>{end}</strong>)}</p>,
    confirmLabel: t.startTimeOut,
  };
}

function selfExclusionCopy(t: TakeABreakText): BreakCopy {
  return {
    title: t.selfExclusion,
    intro: (
      <>
        <p className="rg-card__lead">{t.selfExclusionIntro}</p>
        <p className="rg-warning" role="note">
          <Icon icon={circleExclamationIcon} />
          <span>{t.selfExclusionWarning}</span>
        </p>
      </>
    ),
    submitLabel: t.excludeMyself,
    confirmTitle: (length) => t.excludeConfirmTitle({ length }),
    confirmText: (end) => (
      <>
        <p>{messageWith(t.excludeConfirmText, 'end', <strong>{end}</strong>)}</p>
        <p className="rg-warning">
          <Icon icon={circleExclamationIcon} />
          <span>{t.selfExclusionWarning}</span>
        </p>
      </>
    ),
    confirmLabel: t.excludeMe,
  };
}

/** Taking a break: a time-out of up to six weeks, or self-exclusion of six months or more. */
export function TakeABreak() {
  const t = useMessages(messages);
  const titleId = useId();
  const timeOut = useTakeTimeOut();
  const exclude = useSelfExclude();
  return (
    <section className="rg-card" aria-labelledby={titleId}>
      <h2 className="rg-card__title" id={titleId}>
        {t.title}
      </h2>
      <div className="rg-breaks">
        <BreakForm
          kind="TIME_OUT"
          copy={timeOutCopy(t)}
          choices={TIME_OUT_PERIODS}
          start={(input, after) => timeOut.mutate(input, after)}
          starting={timeOut.isPending}
        />
        <BreakForm
          kind="SELF_EXCLUSION"
          copy={selfExclusionCopy(t)}
          choices={SELF_EXCLUSION_PERIODS}
          start={(input, after) => exclude.mutate(input, after)}
          starting={exclude.isPending}
        />
      </div>
    </section>
  );
}
