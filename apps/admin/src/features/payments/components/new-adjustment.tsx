import type { Adjustment } from '@backlay/contract/admin-payments';
import { useState, type FormEvent } from 'react';
import { formatRupees } from '../../../shared/format/money';
import type { FieldErrors } from '../../../shared/forms/request-errors';
import { useCan } from '../../../shared/session/me-query';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { TextAreaField, TextField } from '../../../shared/ui/fields';
import { Notice } from '../../../shared/ui/notice';
import { useCreateAdjustment, type CreateAdjustmentInput } from '../api/create-adjustment';
import type { FoundPlayer } from '../api/find-players';
import {
  AdjustmentKeys,
  adjustmentRequest,
  EMPTY_ADJUSTMENT,
  type AdjustmentFields,
  type Direction,
} from '../model/adjustment-form';
import { PlayerPicker } from './player-picker';

const DIRECTIONS: readonly { value: Direction; label: string }[] = [
  { value: 'credit', label: 'Credit: add to the player’s cash' },
  { value: 'debit', label: 'Debit: take from the player’s cash' },
];

/** What an adjustment just made did, in a sentence. */
function madeText(made: Adjustment): string {
  const what = `${made.amount < 0 ? 'debit' : 'credit'} of ${formatRupees(Math.abs(made.amount))}`;
  if (made.status === 'AWAITING_APPROVAL') {
    return `The ${what} to ${made.userName} waits for a second operator’s approval.`;
  }
  if (made.status === 'REJECTED') return `The ${what} to ${made.userName} was refused.`;
  return `Applied: the ${what} to ${made.userName}.`;
}

/**
 * The form that credits or debits a player by hand: the player, which way, how much and why.
 * It checks the fields against the contract, then asks before it calls; past the threshold
 * (counting what this operator adjusted for the player over the window) the server leaves the
 * adjustment for a second operator. Each adjustment carries a key of its own, the same for a
 * retry of it, so one sent twice is made once.
 */
export function NewAdjustment({
  approval,
}: {
  /** When adjustments wait for a second operator; null until the list says. */
  approval: { above: number; windowHours: number } | null;
}) {
  const can = useCan();
  const create = useCreateAdjustment();
  const [fields, setFields] = useState<AdjustmentFields>(EMPTY_ADJUSTMENT);
  const [player, setPlayer] = useState<FoundPlayer | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<CreateAdjustmentInput | null>(null);
  const [made, setMade] = useState<Adjustment | null>(null);
  const [keys] = useState(() => new AdjustmentKeys());
  const set = (patch: Partial<AdjustmentFields>) => setFields((old) => ({ ...old, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = adjustmentRequest(fields, keys);
    setErrors(request.errors ?? {});
    setMade(null);
    if (!request.errors) setConfirming(request.input);
  };

  const confirm = async ({ idempotencyKey, ...submission }: CreateAdjustmentInput) => {
    // Kept until it succeeds: sending the same adjustment again reuses the key, so a retry
    // after a lost answer is not applied twice.
    keys.sent(submission, idempotencyKey);
    setMade(await create.mutateAsync({ ...submission, idempotencyKey }));
    keys.succeeded();
    setFields(EMPTY_ADJUSTMENT);
    setPlayer(null);
  };

  const debit = fields.direction === 'debit';
  const amount = Math.abs(confirming?.amount ?? 0);
  const who = player ? `${player.userName} (${player.domain})` : `player ${fields.playerId}`;

  // The dialog stays outside the form: its own form's submit would bubble to this one.
  return (
    <>
      <form
        className="stack adjustment-form"
        onSubmit={submit}
        noValidate
        aria-label="New adjustment"
      >
        {can('players.read') ? (
          <PlayerPicker
            chosen={player}
            onChoose={(chosen) => {
              setPlayer(chosen);
              set({ playerId: chosen?.id ?? '' });
            }}
            error={errors.playerId}
          />
        ) : (
          <TextField
            label="Player id"
            autoComplete="off"
            spellCheck={false}
            value={fields.playerId}
            onChange={(event) => set({ playerId: event.target.value.trim() })}
            error={errors.playerId}
          />
        )}
        <fieldset className="direction">
          <legend>Credit or debit</legend>
          {DIRECTIONS.map((direction) => (
            <label key={direction.value} className="checkbox">
              <input
                type="radio"
                name="direction"
                value={direction.value}
                checked={fields.direction === direction.value}
                onChange={() => set({ direction: direction.value })}
              />
              <span>{direction.label}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label="Amount (₹)"
          inputMode="decimal"
          autoComplete="off"
          value={fields.amount}
          onChange={(event) => set({ amount: event.target.value })}
          error={errors.amount}
          hint={
            approval === null
              ? undefined
              : `Past ${formatRupees(approval.above)} of yours for this player in ${approval.windowHours} hours, a second operator approves it.`
          }
        />
        <TextAreaField
          label="Reason"
          hint="Kept with the adjustment and in the audit log."
          rows={2}
          maxLength={300}
          value={fields.reason}
          onChange={(event) => set({ reason: event.target.value })}
          error={errors.reason}
        />
        {made ? (
          <Notice tone={made.status === 'APPLIED' ? 'success' : 'info'}>
            <p>{madeText(made)}</p>
          </Notice>
        ) : null}
        <div className="form-actions">
          <Button type="submit" variant="primary">
            {debit ? 'Debit…' : 'Credit…'}
          </Button>
        </div>
      </form>
      {confirming ? (
        <ConfirmDialog
          title={debit ? 'Debit the player' : 'Credit the player'}
          description={
            <>
              <p>
                {debit ? 'Take' : 'Add'} <strong>{formatRupees(amount)}</strong>{' '}
                {debit ? 'from' : 'to'} the cash of {who}.
              </p>
              <p className="muted">Reason: {confirming.reason}</p>
              {approval !== null && amount > approval.above ? (
                <p>
                  It is above {formatRupees(approval.above)}: it waits for a second operator to
                  approve it.
                </p>
              ) : null}
            </>
          }
          confirmLabel={`${debit ? 'Debit' : 'Credit'} ${formatRupees(amount)}`}
          tone={debit ? 'danger' : 'primary'}
          askReason={false}
          onConfirm={() => confirm(confirming)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}
