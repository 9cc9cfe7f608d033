import type { Product } from '@tentpole/domain';
import { Archive, ArchiveRestore } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateProduct } from '../api/update-product';

/**
 * Archive or Restore (spec §3: a product once ordered is archived, never deleted). An archived
 * product leaves the store and the pickers; its orders keep it.
 */
export function ProductStatusButton({ product }: { product: Product }) {
  const update = useUpdateProduct();
  const archived = product.status === 'archived';
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      // Not disabled while saving: that would drop the keyboard's focus.
      aria-busy={update.isPending}
      onClick={() =>
        !update.isPending &&
        update.mutate(
          { id: product.id, patch: { status: archived ? 'active' : 'archived' } },
          {
            onSuccess: (saved) =>
              toast.success(
                saved.status === 'archived' ? `${saved.name} archived.` : `${saved.name} restored.`,
              ),
            onError: () =>
              toast.error(
                archived ? 'Could not restore the product.' : 'Could not archive the product.',
              ),
          },
        )
      }
    >
      {update.isPending ? (
        <Spinner className="size-4" />
      ) : archived ? (
        <ArchiveRestore aria-hidden="true" />
      ) : (
        <Archive aria-hidden="true" />
      )}
      {archived ? 'Restore' : 'Archive'}
    </Button>
  );
}
