import type { OrderPreview } from '@tentpole/domain';
import { ChevronUp } from 'lucide-react';
import { useId, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import { TotalsList } from './totals-list';

/**
 * §4 order editor: the totals, always in view. A panel beside the form on a wide screen; on a
 * phone a bar fixed at the bottom with the total, that opens to the whole breakdown.
 */
export function EditorTotals({
  preview,
  updating,
  error,
}: {
  preview: OrderPreview | undefined;
  updating: boolean;
  error: string | null;
}) {
  const { money } = useAccountFormat();
  const [open, setOpen] = useState(false);
  const heading = useId();
  const details = useId();
  const status = updating ? (
    <span role="status" aria-label="Updating the price" className="inline-flex">
      <Spinner className="size-3.5" />
    </span>
  ) : null;
  return (
    <>
      <section
        aria-labelledby={heading}
        className="hidden gap-3 rounded-xl border bg-card p-4 shadow-xs lg:sticky lg:top-20 lg:grid"
      >
        <h2 id={heading} className="flex items-center gap-2 font-semibold">
          Totals {status}
        </h2>
        {error ? (
          <p className="text-sm text-destructive">{error}</p>
        ) : preview ? (
          <TotalsList totals={preview.totals} withPayments={false} />
        ) : (
          <p className="text-sm text-muted-foreground">Add items to see the price.</p>
        )}
      </section>
      <div
        className={cn(
          'fixed inset-x-0 bottom-0 z-20 border-t bg-background/95 px-4 py-2 shadow-lg backdrop-blur lg:hidden',
        )}
      >
        {open && preview && (
          <div id={details} className="max-h-[50vh] overflow-y-auto pb-2">
            <TotalsList totals={preview.totals} withPayments={false} />
          </div>
        )}
        <button
          type="button"
          className="flex min-h-11 w-full items-center justify-between gap-3 text-left font-semibold"
          aria-expanded={open}
          aria-controls={details}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="flex items-center gap-2">Total {status}</span>
          <span className="flex items-center gap-2 tabular-nums">
            {error ? '—' : preview ? money(preview.totals.total) : money(0)}
            <ChevronUp
              aria-hidden="true"
              className={cn('size-4 transition-transform', !open && 'rotate-180')}
            />
          </span>
        </button>
      </div>
    </>
  );
}
