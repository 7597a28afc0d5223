import { addPlayerNoteRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { playerDetailQueryOptions } from './player-detail';

export type AddPlayerNoteInput = AdminRequest<typeof addPlayerNoteRoute>;

/** Adds a note to a player (`POST players/notes/add`). */
export function addPlayerNote(input: AddPlayerNoteInput) {
  return callAdmin(addPlayerNoteRoute, input);
}

export function useAddPlayerNote(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPlayerNote,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: playerDetailQueryOptions(playerId).queryKey }),
  });
}
