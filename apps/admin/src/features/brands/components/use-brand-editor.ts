import type { Brand, BrandDocument } from '@backlay/contract/admin-brands';
import { updateBrandRoute } from '@backlay/contract/admin-calls';
import { useQueryClient } from '@tanstack/react-query';
import { requestErrorsByPath, type FieldErrors } from '../../../shared/forms/request-errors';
import { brandQueryOptions } from '../api/brand';
import { useUpdateBrand } from '../api/update-brand';
import { useVersionedEditor } from '../../../shared/forms/use-versioned-editor';

/**
 * A tab's form over one version of a brand; `save` sends the brand's whole document over that
 * version, after the contract's checks and the form's own (`formErrors`, by request path).
 */
export function useBrandEditor<Draft>(brand: Brand, draftOf: (brand: Brand) => Draft) {
  const queryClient = useQueryClient();
  const update = useUpdateBrand();
  const editor = useVersionedEditor({
    loaded: brand,
    draftOf,
    fetchLatest: () => queryClient.fetchQuery({ ...brandQueryOptions(brand.domain), staleTime: 0 }),
  });

  const save = async (document: BrandDocument, formErrors: FieldErrors = {}) => {
    const input = { domain: editor.base.domain, version: editor.base.version, ...document };
    if (!editor.accept({ ...requestErrorsByPath(updateBrandRoute, input), ...formErrors })) return;
    await editor.save(() => update.mutateAsync(input));
  };

  return { ...editor, save };
}
