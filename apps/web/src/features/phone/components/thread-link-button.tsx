import { Link2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTrigger } from '@/components/ui/dialog';

// The dialog (with its form and the money parsing) loads when first opened: the Phone page's
// first visit stays within its budget.
const LinkDialog = lazy(() =>
  import('./thread-link-dialog').then((m) => ({ default: m.ThreadLinkDialog })),
);

/** Issue 24 item 3: "Add a link" under the reply box, for a conversation with a customer. */
export function ThreadLinkButton({
  conversationId,
  onAdd,
  focusAfterAdd,
  disabled,
}: {
  conversationId: string;
  onAdd: (text: string) => void;
  /** Where focus goes once a link is added (the reply, to read it over and send). */
  focusAfterAdd: () => void;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const added = useRef(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" disabled={disabled} className="-ml-2 h-8">
          <Link2 aria-hidden="true" />
          Add a link
        </Button>
      </DialogTrigger>
      {open && (
        <Suspense fallback={null}>
          <LinkDialog
            conversationId={conversationId}
            onAdd={(text) => {
              onAdd(text);
              added.current = true;
              setOpen(false);
            }}
            onCloseAutoFocus={(event) => {
              if (!added.current) return;
              added.current = false;
              event.preventDefault();
              focusAfterAdd();
            }}
          />
        </Suspense>
      )}
    </Dialog>
  );
}
