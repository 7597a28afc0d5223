import type { PlayerDetail } from '@backlay/contract/admin';
import { addPlayerNoteRoute } from '@backlay/contract/admin-calls';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../shared/format/dates';
import { requestErrors } from '../../../shared/forms/request-errors';
import { useCan } from '../../../shared/session/me-query';
import { Button } from '../../../shared/ui/button';
import { TextAreaField } from '../../../shared/ui/fields';
import { ErrorNotice } from '../../../shared/ui/notice';
import { useAddPlayerNote } from '../api/add-player-note';

/** The operators' notes on a player, newest first, and a form to add one. */
export function PlayerNotes({ player }: { player: PlayerDetail }) {
  const can = useCan();
  const playerId = player.profile.id;
  const addNote = useAddPlayerNote(playerId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const notes = [...player.notes].sort((a, b) => b.at.localeCompare(a.at));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = requestErrors(addPlayerNoteRoute, { playerId, text });
    setError(errors?.text);
    if (errors) return;
    addNote.mutate({ playerId, text }, { onSuccess: () => setText('') });
  };

  return (
    <div className="stack">
      {notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="notes">
          {notes.map((note) => (
            <li key={note.id}>
              <span className="notes__meta">
                {note.operatorName} · {formatDateTime(note.at)}
              </span>
              {note.text}
            </li>
          ))}
        </ul>
      )}
      {can('players.notes') ? (
        <form className="stack" onSubmit={submit} noValidate>
          <TextAreaField
            label="New note"
            rows={2}
            maxLength={2000}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={error}
          />
          {addNote.isError ? <ErrorNotice error={addNote.error} /> : null}
          <div>
            <Button type="submit" size="small" busy={addNote.isPending}>
              Add note
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
