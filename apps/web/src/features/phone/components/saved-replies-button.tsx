import { MessageSquareText } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTrigger } from '@/components/ui/dialog';

// Loaded when first opened, as "Add a link" is: the Phone page's first visit stays in budget.
const RepliesDialog = lazy(() =>
  import('./saved-replies-dialog').then((m) => ({ default: m.SavedRepliesDialog })),
);

/** Issue 24 item 7: "Saved replies" under the reply box, to use one or keep the team's list. */
export function SavedRepliesButton({
  conversationId,
  onUse,
  focusAfterUse,
  disabled,
}: {
  conversationId: string;
  onUse: (text: string) => void;
  /** Where focus goes once a reply is used (the reply box, to read it over and send). */
  focusAfterUse: () => void;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const used = useRef(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" disabled={disabled} className="-ml-2 h-8">
          <MessageSquareText aria-hidden="true" />
          Saved replies
        </Button>
      </DialogTrigger>
      {open && (
        <Suspense fallback={null}>
          <RepliesDialog
            conversationId={conversationId}
            onUse={(text) => {
              onUse(text);
              used.current = true;
              setOpen(false);
            }}
            onCloseAutoFocus={(event) => {
              if (!used.current) return;
              used.current = false;
              event.preventDefault();
              focusAfterUse();
            }}
          />
        </Suspense>
      )}
    </Dialog>
  );
}
