import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/fields';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { useFindPlayers, type FoundPlayer } from '../api/find-players';

/**
 * Chooses the player an adjustment is for: find by name, mobile or id, then pick one of the
 * players found; the choice shows with a way to change it.
 */
export function PlayerPicker({
  chosen,
  onChoose,
  error,
}: {
  chosen: FoundPlayer | null;
  onChoose: (player: FoundPlayer | null) => void;
  error: string | undefined;
}) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = useFindPlayers(q);
  const find = () => setQ(text.trim());
  // Enter finds, rather than submitting the adjustment form around the field.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    find();
  };

  if (chosen) {
    return (
      <div className="field">
        <span className="field__label">Player</span>
        <div className="player-picker__chosen" aria-label="Chosen player">
          <strong>{chosen.userName}</strong>
          <span className="muted">{chosen.domain}</span>
          <span className="mono">{chosen.id}</span>
          <Button size="small" onClick={() => onChoose(null)}>
            Change
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="stack">
      <div className="player-picker__find">
        <TextField
          label="Player"
          hint="A name, a mobile number or a player id."
          type="search"
          autoComplete="off"
          maxLength={80}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          error={error}
        />
        <Button onClick={find}>Find</Button>
      </div>
      {q === '' ? null : found.isPending ? (
        <Loading label="Finding players…" />
      ) : found.isError ? (
        <ErrorNotice error={found.error} onRetry={() => void found.refetch()} />
      ) : found.data.length === 0 ? (
        <p className="muted">No real-money player matches “{q}”.</p>
      ) : (
        <ul className="player-picker__results" aria-label="Players found">
          {found.data.map((player) => (
            <li key={player.id}>
              <button
                type="button"
                className="player-picker__result"
                onClick={() => onChoose(player)}
              >
                <strong>{player.userName}</strong>
                <span className="muted">{player.domain}</span>
                <span className="mono">{player.mobile ?? ''}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
