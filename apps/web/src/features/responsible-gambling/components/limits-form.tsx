import {
  LIMIT_INCREASE_WAIT_HOURS,
  type GamblingSettings,
  type LimitWindow,
} from '@backlay/contract/responsible-gambling';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import type { FieldErrors } from '../../../shared/forms/field-errors';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { messageWith } from '../../../shared/i18n/message-with';
import { Icon } from '../../../shared/icons/icon';
import { circleInfoIcon } from '../../../shared/icons/set/circle-info-icon';
import { slidersIcon } from '../../../shared/icons/set/sliders-icon';
import { toast } from '../../../shared/toasts/toast-store';
import { Button } from '../../../shared/ui/button';
import { useSetGamblingLimits } from '../api/set-gambling-limits';
import {
  toLimitForm,
  validateLimitForm,
  type LimitForm,
  type LimitKind,
} from '../model/limit-form';
import { formatLimitAmount, limitsSavedMessage } from '../model/limit-text';
import { LimitCard } from './limit-card';

const messages = i18n('responsible-gambling/limits-form', {
  label: 'Your limits',
  notice: params(
    'A lower limit, or a new one, applies at once. A higher limit, or removing one, applies only after {hours} hours, and shows here as waiting until then. Leave a field empty for no limit.',
  ),
  depositTitle: 'Deposit limits',
  depositLead:
    'The most you can deposit in any 24 hours, 7 days and 30 days, counting deposits you asked for as well as those paid.',
  lossTitle: 'Loss limits',
  lossLead:
    'The most you can lose, net of your winnings on settled bets, in any 24 hours, 7 days and 30 days.',
  openLiability: params(
    'Your open bets count too: their liability, now {amount}, is counted as a possible loss, so a bet that could take your losses past a limit is refused.',
  ),
  saving: 'Saving…',
  save: 'Save limits',
});

/**
 * The deposit and loss limits, saved together: the call takes all six, so the fields of both
 * cards go each time. Until the player types, the fields follow the limits as the server has
 * them.
 */
export function LimitsForm({ settings }: { settings: GamblingSettings }) {
  const t = useMessages(messages);
  const [edited, setEdited] = useState<LimitForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSetGamblingLimits();
  const values = edited ?? toLimitForm(settings);

  const change = (kind: LimitKind, window: LimitWindow, text: string) =>
    setEdited({ ...values, [kind]: { ...values[kind], [window]: text } });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const checked = validateLimitForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.limits, {
      onSuccess: (after) => {
        setEdited(null);
        const outcome = limitsSavedMessage(settings, after);
        if (outcome.changed) toast.success(outcome.message);
        else toast.info(outcome.message);
      },
      onError: (error) => setRefusal(errorMessage(error)),
    });
  };

  const card = { settings, values, errors, disabled: save.isPending, onChange: change };
  return (
    <form
      className="rg-limits-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t.label}
      aria-busy={save.isPending}
    >
      <p className="rg-notice" role="note">
        <Icon icon={circleInfoIcon} />
        <span>{t.notice({ hours: LIMIT_INCREASE_WAIT_HOURS })}</span>
      </p>
      <LimitCard kind="deposit" title={t.depositTitle} lead={t.depositLead} {...card} />
      <LimitCard kind="loss" title={t.lossTitle} lead={t.lossLead} {...card}>
        <p className="rg-card__note" data-testid="open-liability">
          {messageWith(
            t.openLiability,
            'amount',
            <strong>{formatLimitAmount(settings.openLiability)}</strong>,
          )}
        </p>
      </LimitCard>
      <div className="rg-save">
        {refusal ? (
          <p className="rg-alert" role="alert">
            {refusal}
          </p>
        ) : null}
        <Button type="submit" icon={slidersIcon} disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </Button>
      </div>
    </form>
  );
}
