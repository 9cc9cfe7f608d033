import { TOAST_DURATION_MS, TOAST_VISIBLE } from '@tentpole/domain';
import { Toaster as Sonner } from 'sonner';

// spec §9: toasts last 4000 ms with 3 visible.
export function Toaster() {
  return (
    <Sonner
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE}
      position="bottom-right"
      toastOptions={{
        classNames: {
          toast: 'rounded-lg border bg-popover text-popover-foreground shadow-lg',
        },
      }}
    />
  );
}
