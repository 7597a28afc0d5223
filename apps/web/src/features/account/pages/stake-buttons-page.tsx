import { DEFAULT_STAKES } from '@backlay/contract/account';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { oneTapStake, OneTapSwitch } from '../../bets/index';
import { errorMessage } from '../../../shared/api/request-error';
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
  toRows,
  validateStakes,
  type StakeErrors,
  type StakeRow,
} from '../model/stake-form';
import '../components/account-pages.css';

/**
 * The eight stake buttons of the bet slip, a label and an amount each, and one-tap betting,
 * whose bets take the first button's amount as saved.
 */
export default function StakeButtonsPage() {
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
        toast.success('Your stake buttons are saved.');
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <Page lead="Set the label and amount of each quick stake button of your bet slip.">
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
              <legend className="stake-row__legend">Button {i + 1}</legend>
              <TextField
                label="Label"
                name={`stakes.${i}.title`}
                maxLength={STAKE_TITLE_MAX_LENGTH}
                value={row.title}
                onChange={(e) => change(i, 'title', e.target.value)}
                error={errors[`${i}.title`]}
              />
              <TextField
                label="Amount"
                name={`stakes.${i}.value`}
                inputMode="numeric"
                value={row.value}
                onChange={(e) => change(i, 'value', e.target.value)}
                error={errors[`${i}.value`]}
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
            {save.isPending ? 'Saving…' : 'Save'}
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
            Restore defaults
          </Button>
        </div>
      </form>
      <section className="account-section" aria-labelledby={bettingTitleId}>
        <h2 className="account-section__title" id={bettingTitleId}>
          Betting
        </h2>
        <OneTapSwitch
          stake={oneTapStake(userInfo?.stakes)}
          labelClassName="account-check"
          hintClassName="account-hint"
        />
      </section>
    </Page>
  );
}
