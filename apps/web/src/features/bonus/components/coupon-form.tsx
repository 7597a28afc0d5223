import { useState, type FormEvent } from 'react';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';

const messages = i18n('bonus/coupon-form', {
  form: 'Coupon',
  code: 'Coupon code',
  hint: 'Letters and digits, as the offer gave it to you.',
  apply: 'Show offer',
  clear: 'Clear',
  wrong: 'A code is 4 to 20 letters or digits.',
  noOffer: 'No offer for you has this code. Check it and try again.',
  found: 'The coupon’s offer is shown with the offers above, with its terms.',
});

/** The contract's coupon code shape (4 to 20 letters or digits), upper-cased as the server does. */
const COUPON_PATTERN = /^[A-Z0-9]{4,20}$/;

/**
 * The coupon box: a typed code is looked up with the offers (`Bonus/GetBonuses?coupon=`), and
 * its offer is claimed from there like any other. Says so when no offer has the code.
 */
export function CouponForm({
  applied,
  found,
  onApply,
}: {
  /** The code being looked up or shown, or null. */
  applied: string | null;
  /** Whether the answer for `applied` holds a coupon's offer; null while it loads. */
  found: boolean | null;
  onApply: (code: string | null) => void;
}) {
  const t = useMessages(messages);
  const [typed, setTyped] = useState(applied ?? '');
  const [wrong, setWrong] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = typed.trim().toUpperCase();
    const valid = COUPON_PATTERN.test(code);
    setWrong(!valid);
    if (valid) onApply(code);
  };

  return (
    <form className="bonus-coupon" aria-label={t.form} noValidate onSubmit={submit}>
      <TextField
        label={t.code}
        value={typed}
        maxLength={20}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        hint={t.hint}
        error={wrong ? t.wrong : null}
        onChange={(event) => {
          setWrong(false);
          setTyped(event.target.value);
        }}
      />
      <div className="bonus-coupon__actions">
        <Button type="submit" variant="primary">
          {t.apply}
        </Button>
        {applied !== null ? (
          <Button
            variant="ghost"
            onClick={() => {
              setTyped('');
              onApply(null);
            }}
          >
            {t.clear}
          </Button>
        ) : null}
      </div>
      {applied !== null && found === false ? (
        <p className="bonus-alert" role="alert">
          {t.noOffer}
        </p>
      ) : null}
      {applied !== null && found === true ? (
        <p className="bonus-success" role="status">
          {t.found}
        </p>
      ) : null}
    </form>
  );
}
