import type { PlayerDetail } from '@backlay/contract/admin';
import {
  forcePasswordResetRoute,
  lockPlayerRoute,
  setPlayerLimitsRoute,
} from '@backlay/contract/admin-calls';
import { useState } from 'react';
import { formatRupees } from '../../../shared/format/money';
import { requestErrors } from '../../../shared/forms/request-errors';
import { useCan } from '../../../shared/session/me-query';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { CheckboxField, TextField } from '../../../shared/ui/fields';
import { useForcePasswordReset } from '../api/force-password-reset';
import { useLockPlayer } from '../api/lock-player';
import { useSetPlayerLimits } from '../api/set-player-limits';

type Lock = 'betting' | 'login';
type Open = { kind: 'lock'; lock: Lock; locked: boolean } | { kind: 'reset' } | { kind: 'limits' };

const LOCK_WORDS: Record<Lock, string> = { betting: 'betting', login: 'login' };

/** The stake-limit dialog: a most one bet may stake, or none of the player's own. */
function StakeLimitDialog({ player, onClose }: { player: PlayerDetail; onClose: () => void }) {
  const playerId = player.profile.id;
  const setLimits = useSetPlayerLimits(playerId);
  const current = player.limits.maxStake;
  const [noLimit, setNoLimit] = useState(current === null);
  const [amount, setAmount] = useState(current === null ? '' : String(current));
  const maxStake = noLimit ? null : amount.trim() === '' ? Number.NaN : Number(amount);

  return (
    <ConfirmDialog
      title="Stake limit"
      description={
        <p>
          The most one bet of <strong>{player.profile.userName}</strong> may stake. Now:{' '}
          {current === null ? 'the brand’s limits only' : formatRupees(current)}.
        </p>
      }
      confirmLabel="Save limit"
      renderFields={(errors) => (
        <>
          <CheckboxField
            label="No limit of their own (the brand’s limits apply)"
            checked={noLimit}
            onChange={(event) => setNoLimit(event.target.checked)}
          />
          {noLimit ? null : (
            <TextField
              label="Most one bet may stake (₹)"
              type="number"
              inputMode="decimal"
              min={1}
              step="any"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={errors.maxStake}
              data-autofocus
            />
          )}
        </>
      )}
      validate={(reason) => {
        const errors = requestErrors(setPlayerLimitsRoute, { playerId, maxStake, reason });
        if (errors?.maxStake && Number.isNaN(maxStake)) errors.maxStake = 'Enter an amount';
        return errors;
      }}
      onConfirm={(reason) => setLimits.mutateAsync({ playerId, maxStake, reason })}
      onClose={onClose}
    />
  );
}

/**
 * What an operator may do to a player, each after a dialog that asks why. Buttons the
 * operator's role does not allow are not shown; the server refuses them all the same.
 */
export function PlayerActions({ player }: { player: PlayerDetail }) {
  const can = useCan();
  const [open, setOpen] = useState<Open | null>(null);
  const playerId = player.profile.id;
  const lockPlayer = useLockPlayer();
  const forceReset = useForcePasswordReset(playerId);
  const close = () => setOpen(null);
  const name = player.profile.userName;

  const lockButton = (lock: Lock, locked: boolean) => (
    <Button size="small" onClick={() => setOpen({ kind: 'lock', lock, locked: !locked })}>
      {locked ? `Unlock ${LOCK_WORDS[lock]}` : `Lock ${LOCK_WORDS[lock]}`}
    </Button>
  );

  return (
    <>
      {can('players.lock') ? (
        <>
          {lockButton('betting', player.profile.bettingLocked)}
          {lockButton('login', player.profile.loginLocked)}
          <Button
            size="small"
            disabled={player.profile.passwordResetRequired}
            onClick={() => setOpen({ kind: 'reset' })}
          >
            Force password reset
          </Button>
        </>
      ) : null}
      {can('players.limits') ? (
        <Button size="small" onClick={() => setOpen({ kind: 'limits' })}>
          Stake limit
        </Button>
      ) : null}

      {open?.kind === 'lock' ? (
        <ConfirmDialog
          title={`${open.locked ? 'Lock' : 'Unlock'} ${LOCK_WORDS[open.lock]}`}
          description={
            <p>
              {open.locked
                ? open.lock === 'betting'
                  ? `${name} will not be able to place bets. Open bets stay as they are.`
                  : `${name} will not be able to log in.`
                : `${name} will be able to ${open.lock === 'betting' ? 'place bets' : 'log in'} again.`}
            </p>
          }
          confirmLabel={open.locked ? 'Lock' : 'Unlock'}
          tone={open.locked ? 'danger' : 'primary'}
          validate={(reason) =>
            requestErrors(lockPlayerRoute, {
              playerId,
              lock: open.lock,
              locked: open.locked,
              reason,
            })
          }
          onConfirm={(reason) =>
            lockPlayer.mutateAsync({ playerId, lock: open.lock, locked: open.locked, reason })
          }
          onClose={close}
        />
      ) : null}
      {open?.kind === 'reset' ? (
        <ConfirmDialog
          title="Force a password reset"
          description={<p>{name} will have to choose a new password at their next login.</p>}
          confirmLabel="Force reset"
          tone="danger"
          validate={(reason) => requestErrors(forcePasswordResetRoute, { playerId, reason })}
          onConfirm={(reason) => forceReset.mutateAsync({ playerId, reason })}
          onClose={close}
        />
      ) : null}
      {open?.kind === 'limits' ? <StakeLimitDialog player={player} onClose={close} /> : null}
    </>
  );
}
