import type { MarketBook } from '@backlay/contract/admin';
import { useId, useState } from 'react';
import type { FieldErrors } from '../../../shared/forms/request-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { marketActionErrors, useMarketAction, type MarketActionInput } from '../api/market-actions';
import { ACTION_LABELS, type MarketActionName } from '../model/market-actions';

/** The choice of a settlement: a runner's id, `void` (corrections only), or nothing yet. */
type Choice = number | 'void' | null;

const CONSEQUENCES: Record<MarketActionName, string> = {
  suspend: 'No bet can be placed or matched until it is resumed.',
  resume: 'Bets can be placed and matched again.',
  settle: 'Unmatched bets are cancelled and every position is paid out on the winner you choose.',
  void: 'Every bet is voided and every stake returned.',
  correct:
    'The settlement is reversed and the market settled again on the result you choose (or voided).',
};

/** The runners to choose a result from, as radio buttons. */
function RunnerChoice({
  runners,
  choice,
  onChoose,
  allowVoid,
  currentWinner,
  error,
}: {
  runners: MarketBook['runners'];
  choice: Choice;
  onChoose: (choice: Choice) => void;
  allowVoid: boolean;
  currentWinner: number | null;
  error: string | undefined;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <>
      <fieldset
        className="runner-choice"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <legend>{allowVoid ? 'New result' : 'Winner'}</legend>
        {runners.map((runner, index) => (
          <label key={runner.runnerId}>
            <input
              type="radio"
              name={name}
              checked={choice === runner.runnerId}
              onChange={() => onChoose(runner.runnerId)}
              data-autofocus={index === 0 ? true : undefined}
            />
            {runner.name}
            {allowVoid && currentWinner === runner.runnerId ? (
              <span className="muted">(current winner)</span>
            ) : null}
          </label>
        ))}
        {allowVoid ? (
          <label>
            <input
              type="radio"
              name={name}
              checked={choice === 'void'}
              onChange={() => onChoose('void')}
            />
            Void the market
          </label>
        ) : null}
      </fieldset>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The request an action sends, from the dialog's choice; null while a needed result is missing. */
function inputOf(
  action: MarketActionName,
  marketId: string,
  choice: Choice,
  reason: string,
): MarketActionInput | null {
  if (action === 'settle') {
    return typeof choice === 'number' ? { action, marketId, winnerRunnerId: choice, reason } : null;
  }
  if (action === 'correct') {
    if (choice === null) return null;
    return { action, marketId, winnerRunnerId: choice === 'void' ? null : choice, reason };
  }
  return { action, marketId, reason };
}

/**
 * Confirms an action on a market: names the market, says what will happen, asks for the
 * result where one is needed and for a reason, and shows the server's refusal in place (a
 * CONFLICT when someone settled it first).
 */
export function MarketActionDialog({
  action,
  book,
  onClose,
}: {
  action: MarketActionName;
  book: MarketBook;
  onClose: () => void;
}) {
  const run = useMarketAction();
  const [choice, setChoice] = useState<Choice>(null);
  const { market } = book;
  const needsResult = action === 'settle' || action === 'correct';
  const currentWinner = market.winnerRunnerId;

  return (
    <ConfirmDialog
      title={`${ACTION_LABELS[action]} market`}
      description={
        <>
          <p>
            <strong>{market.eventName}</strong> — {market.marketName}
          </p>
          <p className="muted">{CONSEQUENCES[action]}</p>
        </>
      }
      confirmLabel={ACTION_LABELS[action]}
      tone={action === 'resume' ? 'primary' : 'danger'}
      renderFields={(errors) =>
        needsResult ? (
          <RunnerChoice
            runners={book.runners}
            choice={choice}
            onChoose={setChoice}
            allowVoid={action === 'correct'}
            currentWinner={currentWinner}
            error={errors.winnerRunnerId}
          />
        ) : null
      }
      validate={(reason) => {
        const winner = choice === 'void' ? null : (choice ?? undefined);
        const errors: FieldErrors = {
          ...marketActionErrors(action, {
            marketId: market.marketId,
            winnerRunnerId: winner,
            reason,
          }),
        };
        if (needsResult && choice === null) {
          errors.winnerRunnerId =
            action === 'settle' ? 'Choose the winning runner' : 'Choose the new result';
        } else if (action === 'correct' && winner === currentWinner) {
          errors.winnerRunnerId = 'Choose a result other than the current one';
        }
        return Object.keys(errors).length > 0 ? errors : null;
      }}
      onConfirm={(reason) => {
        const input = inputOf(action, market.marketId, choice, reason);
        // validate() has already refused a missing result; this keeps the types honest.
        if (!input) return Promise.reject(new Error('No result chosen'));
        return run.mutateAsync(input);
      }}
      onClose={onClose}
    />
  );
}
