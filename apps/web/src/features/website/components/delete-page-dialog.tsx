import type { WebsitePagesResponse } from '@tentpole/domain';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
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
    <Dialog open={page !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete page?</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {page
              ? `${page.title} leaves your store and its menu. Links to it will show “Page not found”.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => void confirm()}>
            {remove.isPending && <Spinner className="size-4" />}
            Delete page
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
