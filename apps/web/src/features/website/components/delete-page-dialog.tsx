import type { WebsitePagesResponse } from '@tentpole/domain';
import { toast } from 'sonner';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { useDeleteWebsitePage } from '../api/delete-website-page';

type Page = WebsitePagesResponse['pages'][number];

/** Asks before a page is deleted: it leaves the store and its menu at once. */
export function DeletePageDialog({ page, onClose }: { page: Page | null; onClose: () => void }) {
  const remove = useDeleteWebsitePage();
  const confirm = async () => {
    if (!page) return;
    try {
      await remove.mutateAsync(page.id);
      toast.success(`Page ${page.title} deleted.`);
      onClose();
    } catch {
      toast.error('The page could not be deleted.');
    }
  };
  return (
    <ConfirmDeleteDialog
      title="Delete page?"
      description={
        page
          ? `${page.title} leaves your store and its menu. Links to it will show “Page not found”.`
          : null
      }
      confirmLabel="Delete page"
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
