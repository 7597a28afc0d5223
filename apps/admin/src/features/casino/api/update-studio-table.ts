import type { StudioTable } from '@backlay/contract/admin-studio-tables';
import { updateStudioTableRoute } from '@backlay/contract/admin-studio-tables';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import type { UpdateStudioTableInput } from '../model/studio-table-draft';
import { studioTablesQueryOptions } from './studio-tables';

/**
 * Saves a studio table's settings as its next version (`POST casino/studio-tables/update`);
 * CONFLICT when `version` is no longer the latest, VALIDATION_FAILED naming each bad value.
 */
export function updateStudioTable(input: UpdateStudioTableInput): Promise<StudioTable> {
  return callAdmin(updateStudioTableRoute, input);
}

/** Saves a table; the saved one takes its place in the list at once. */
export function useUpdateStudioTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudioTable,
    onSuccess: (saved) =>
      queryClient.setQueryData(studioTablesQueryOptions().queryKey, (old) =>
        old?.map((table) => (table.gameCode === saved.gameCode ? saved : table)),
      ),
  });
}
