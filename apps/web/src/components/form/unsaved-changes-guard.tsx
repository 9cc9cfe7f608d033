import { useBlocker, useRouter } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/**
 * Asks before a form with unsaved changes is left: a link or Back inside the app opens this
 * dialog, closing or reloading the tab gets the browser's own prompt.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  // A form rendered outside the app's router (a component test) has nothing to guard.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  return router ? <Guard when={when} /> : null;
}

function Guard({ when }: { when: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: () => when,
    enableBeforeUnload: () => when,
    withResolver: true,
  });
  const blocked = blocker.status === 'blocked';
  return (
    <Dialog
      open={blocked}
      onOpenChange={(open) => {
        if (!open && blocked) blocker.reset();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription>
            Your changes are not saved yet. If you leave now, they are lost.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => blocked && blocker.reset()}>
            Keep editing
          </Button>
          <Button variant="destructive" onClick={() => blocked && blocker.proceed()}>
            Leave without saving
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
