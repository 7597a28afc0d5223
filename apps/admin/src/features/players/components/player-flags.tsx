import type { PlayerDetail, PlayerRow } from '@backlay/contract/admin';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';

type Profile = PlayerRow & Partial<Pick<PlayerDetail['profile'], 'passwordResetRequired'>>;

/** The player's status and what is locked, as badges; nothing shown is invented. */
export function PlayerFlags({ player }: { player: Profile }) {
  const flags: { label: string; tone: BadgeTone }[] = [];
  if (player.demo) flags.push({ label: 'Demo', tone: 'neutral' });
  if (player.bettingLocked) flags.push({ label: 'Betting locked', tone: 'bad' });
  if (player.loginLocked) flags.push({ label: 'Login locked', tone: 'bad' });
  if (player.passwordResetRequired)
    flags.push({ label: 'Password reset required', tone: 'warning' });
  return (
    <span className="flags">
      {flags.map((flag) => (
        <Badge key={flag.label} tone={flag.tone}>
          {flag.label}
        </Badge>
      ))}
    </span>
  );
}
