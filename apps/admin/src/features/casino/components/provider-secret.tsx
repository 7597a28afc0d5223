import type { CasinoProvider } from '@backlay/contract/admin-casino';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { CopyField } from '../../../shared/ui/copy-field';
import { Dialog } from '../../../shared/ui/dialog';
import {
  useReadCasinoProviderSecret,
  type CasinoProviderSecret,
} from '../api/casino-provider-secret';
import { secretSourceText, secretVariable } from '../model/labels';

/**
 * A provider's signing secret, read only when an owner asks and confirms (the reading is
 * audited), shown once in a dialog to copy, and forgotten when the dialog closes.
 */
export function ProviderSecret({ provider }: { provider: CasinoProvider }) {
  const read = useReadCasinoProviderSecret();
  const [asking, setAsking] = useState(false);
  const [secret, setSecret] = useState<CasinoProviderSecret | null>(null);

  return (
    <>
      <Button size="small" onClick={() => setAsking(true)}>
        Show signing secret
      </Button>
      {asking ? (
        <ConfirmDialog
          title={`${provider.name}’s signing secret`}
          description={
            <>
              <p>
                The secret signs every wallet callback {provider.name} makes: whoever holds it can
                move players’ money. Give it to the provider only.
              </p>
              <p>Reading it is kept in the audit log with your name.</p>
            </>
          }
          confirmLabel="Show the secret"
          askReason={false}
          onConfirm={async () => setSecret(await read.mutateAsync(provider.code))}
          onClose={() => setAsking(false)}
        />
      ) : null}
      {secret ? (
        <Dialog title={`${provider.name}’s signing secret`} onClose={() => setSecret(null)}>
          <div className="stack">
            <CopyField label="Signing secret" value={secret.secret} />
            <p className="muted">
              {secretSourceText(provider.code, secret.source)}.{' '}
              {secret.source === 'environment'
                ? 'To change it, change the variable, restart the server and give the provider the new secret.'
                : `To use one of your own, set ${secretVariable(provider.code)} on the server and restart it.`}
            </p>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
