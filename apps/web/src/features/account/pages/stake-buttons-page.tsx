import { DEFAULT_STAKES } from '@backlay/contract/account';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { oneTapStake, OneTapSwitch } from '../../bets/index';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/use-session';
import { toast } from '../../../shared/toasts/toast-store';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { TextField } from '../../../shared/ui/text-field';
import { rotateIcon } from '../../../shared/icons/set/rotate-icon';
import { slidersIcon } from '../../../shared/icons/set/sliders-icon';
import { useSaveStakes } from '../api/save-stakes';
import { useUserStakes } from '../api/user-stakes';
import {
  STAKE_TITLE_MAX_LENGTH,
  stakeErrorKey,
  toRows,
  validateStakes,
  type StakeErrors,
  type StakeRow,
} from '../model/stake-form';
import '../components/account-pages.css';

/** One-tap betting's switch and hint, styled as the account pages' checks and hints. */
const ONE_TAP_LABEL_CLASS = 'account-check';
const ONE_TAP_HINT_CLASS = 'account-hint';

const messages = i18n('account/stake-buttons-page', {
  lead: 'Set the label and amount of each quick stake button of your bet slip.',
  button: params('Button {number}'),
  label: 'Label',
  amount: 'Amount',
  saved: 'Your stake buttons are saved.',
  saving: 'Saving…',
  save: 'Save',
  restoreDefaults: 'Restore defaults',
  betting: 'Betting',
});

/**
 * The eight stake buttons of the bet slip, a label and an amount each, and one-tap betting,
 * whose bets take the first button's amount as saved.
 */
export default function StakeButtonsPage() {
  const t = useMessages(messages);
  const { userInfo } = useSession();
  const server = useUserStakes();
  const save = useSaveStakes();
  // Start from the stakes stored at login; the server's copy replaces them while untouched.
  const [rows, setRows] = useState<StakeRow[]>(() => toRows(userInfo?.stakes ?? DEFAULT_STAKES));
  const [edited, setEdited] = useState(false);
  const [errors, setErrors] = useState<StakeErrors>({});
  const bettingTitleId = useId();

  useEffect(() => {
    if (server.data && !edited) setRows(toRows(server.data));
  }, [server.data, edited]);

  const change = (index: number, field: keyof StakeRow, value: string) => {
    setEdited(true);
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateStakes(rows);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.stakes, {
      onSuccess: (saved) => {
        setRows(toRows(saved));
        setEdited(false);
        toast.success(messages.get().saved);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <Page lead={t.lead}>
      <form
        className="account-section"
        noValidate
        onSubmit={onSubmit}
        aria-busy={save.isPending}
        data-testid="stake-buttons-form"
      >
        <div className="stake-grid">
          {rows.map((row, i) => (
            <fieldset className="stake-row" key={i}>
              <legend className="stake-row__legend">{t.button({ number: i + 1 })}</legend>
              <TextField
                label={t.label}
                name={`stakes.${i}.title`}
                maxLength={STAKE_TITLE_MAX_LENGTH}
                value={row.title}
                onChange={(e) => change(i, 'title', e.target.value)}
                error={errors[stakeErrorKey(i, 'title')]}
              />
              <TextField
                label={t.amount}
                name={`stakes.${i}.value`}
                inputMode="numeric"
                value={row.value}
                onChange={(e) => change(i, 'value', e.target.value)}
                error={errors[stakeErrorKey(i, 'value')]}
              />
            </fieldset>
          ))}
        </div>
        {errors.form ? (
          <p className="text-field__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="account-actions">
          <Button type="submit" icon={slidersIcon} disabled={save.isPending}>
            {save.isPending ? t.saving : t.save}
          </Button>
          <Button
            variant="outline"
            icon={rotateIcon}
            onClick={() => {
              setRows(toRows(DEFAULT_STAKES));
              setEdited(true);
              setErrors({});
            }}
          >
            {t.restoreDefaults}
          </Button>
        </div>
      </form>
      <section className="account-section" aria-labelledby={bettingTitleId}>
        <h2 className="account-section__title" id={bettingTitleId}>
          {t.betting}
        </h2>
        <OneTapSwitch
          stake={oneTapStake(userInfo?.stakes)}
          labelClassName={ONE_TAP_LABEL_CLASS}
          hintClassName={ONE_TAP_HINT_CLASS}
        />
      </section>
    </Page>
  );
}
