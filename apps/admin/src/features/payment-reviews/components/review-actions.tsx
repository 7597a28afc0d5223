import type { GatewayReviewDecision } from '@backlay/contract/admin-gateway-reviews';
import { decideGatewayReviewRoute } from '@backlay/contract/admin-calls';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatRupees } from '../../../shared/format/money';
import { requestErrors, type FieldErrors } from '../../../shared/forms/request-errors';
import { Button } from '../../../shared/ui/button';
import { TextAreaField, TextField } from '../../../shared/ui/fields';
import { ErrorNotice } from '../../../shared/ui/notice';
import { useDecideReview } from '../api/decide-review';
import type { ReviewItem } from '../api/gateway-reviews';
import { reviewDecision } from '../model/review-decisions';

/** Each decision's heading, button and what it says will happen. */
function wordsOf(decision: GatewayReviewDecision, item: ReviewItem) {
  const paid = formatRupees(item.paidAmount);
  switch (decision) {
    case 'CREDIT_PAID':
      return {
        title: 'Credit the amount paid',
        confirm: `Credit ${paid}`,
        tone: 'primary' as const,
        text: `Credit ${paid}, what the gateway reported paid, to ${item.userName} on ${item.domain}. They asked for ${formatRupees(item.askedAmount)}.`,
        remarkHint: 'Optional. The player sees it beside the deposit.',
      };
    case 'CREDIT_OTHER':
      return {
        title: 'Credit another amount',
        confirm: 'Credit this amount',
        tone: 'primary' as const,
        text: `Credit another amount than the ${paid} paid, and refund the rest to the payer outside Backlay.`,
        remarkHint:
          'Required: say why, such as “Asked amount credited, ₹500 refunded”. The player sees it.',
      };
    case 'REJECT':
      return {
        title: 'Reject the payment',
        confirm: 'Reject payment',
        tone: 'danger' as const,
        text: `Nothing is credited to ${item.userName}. Refund the ${paid} to the payer outside Backlay.`,
        remarkHint: 'Required: say how the money goes back. The player sees it.',
      };
  }
}

/**
 * One decision's form, inside the payment's dialog: says what will happen, asks for the amount
 * (crediting another one) and the remark, and calls only when the contract accepts them.
 */
function DecisionStep({
  item,
  decision,
  onDecided,
  onCancel,
}: {
  item: ReviewItem;
  decision: GatewayReviewDecision;
  onDecided: (decided: ReviewItem) => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const words = wordsOf(decision, item);
  const [amount, setAmount] = useState(String(item.askedAmount));
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const decide = useDecideReview();
  const input = reviewDecision(item.id, decision, { amount, remark });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    const found = requestErrors(decideGatewayReviewRoute, input);
    setErrors(found ?? {});
    if (found) return;
    try {
      onDecided(await decide.mutateAsync(input));
    } catch {
      // The refusal shows in place, from the mutation's error.
    }
  };

  return (
    <form className="review-decision" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h3 className="section__title" id={headingId}>
        {words.title}
      </h3>
      <p className="dialog__description">{words.text}</p>
      {decision === 'CREDIT_OTHER' ? (
        <TextField
          label="Amount to credit (₹)"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount}
        />
      ) : null}
      <TextAreaField
        label="Remark"
        hint={words.remarkHint}
        rows={2}
        maxLength={300}
        value={remark}
        onChange={(event) => setRemark(event.target.value)}
        error={errors.remark}
      />
      {decide.isError ? <ErrorNotice error={decide.error} /> : null}
      <div className="review-decision__buttons">
        <Button onClick={onCancel}>Back</Button>
        <Button type="submit" variant={words.tone} busy={decide.isPending}>
          {words.confirm}
        </Button>
      </div>
    </form>
  );
}

/**
 * A payment under review's decisions: credit what was paid, credit another amount, or reject
 * it. Each asks for what it needs before it calls.
 */
export function ReviewActions({
  item,
  onDecided,
}: {
  item: ReviewItem;
  onDecided: (decided: ReviewItem) => void;
}): ReactNode {
  const [step, setStep] = useState<GatewayReviewDecision | null>(null);
  if (step) {
    return (
      <DecisionStep
        item={item}
        decision={step}
        onDecided={onDecided}
        onCancel={() => setStep(null)}
      />
    );
  }
  return (
    <div className="review__actions">
      <Button variant="primary" onClick={() => setStep('CREDIT_PAID')}>
        Credit {formatRupees(item.paidAmount)} paid
      </Button>
      <Button onClick={() => setStep('CREDIT_OTHER')}>Credit another amount</Button>
      <Button variant="danger" onClick={() => setStep('REJECT')}>
        Reject
      </Button>
    </div>
  );
}
