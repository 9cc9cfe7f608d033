import { DOWNTIME_REASON_LABELS, type Downtime, type Product } from '@tentpole/domain';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccountFormat } from '@/lib/account-format';
import { useEndDowntime } from '../api/end-downtime';
import { useProductDowntimes } from '../api/get-product-downtimes';
import { formatDowntimeSpan, isCurrentDowntime } from '../lib/format-downtime';
import { DowntimeDialog } from './downtime-dialog';
import { FormSection } from './form-section';

function isOpen(downtime: Downtime, now: number): boolean {
  return downtime.until === null || Date.parse(downtime.until) > now;
}

/** The product's maintenance (spec §3): what is down today, open downtimes to end, and past ones. */
export function ProductDowntimes({ product, canEdit }: { product: Product; canEdit: boolean }) {
  const { locale } = useAccountFormat();
  const downtimes = useProductDowntimes(product.id);
  const end = useEndDowntime();
  const [opening, setOpening] = useState(false);
  const now = Date.now();

  const list = downtimes.data ?? [];
  const current = list.filter((downtime) => isCurrentDowntime(downtime, now));
  const outOfStock = current.filter((d) => d.hard).reduce((sum, d) => sum + d.quantity, 0);
  const warnings = current.filter((d) => !d.hard).reduce((sum, d) => sum + d.quantity, 0);
  const open = list.filter((downtime) => isOpen(downtime, now));
  const ended = list.filter((downtime) => !isOpen(downtime, now));

  return (
    <FormSection
      title="Maintenance"
      description="Hard downtime takes units out of stock; soft downtime only warns."
      actions={
        canEdit && (
          <Button type="button" variant="outline" size="sm" onClick={() => setOpening(true)}>
            <Plus aria-hidden="true" />
            Open downtime
          </Button>
        )
      }
    >
      {downtimes.isPending ? (
        <Skeleton role="status" aria-label="Loading maintenance" className="h-16" />
      ) : downtimes.isError ? (
        <QueryError
          title="Maintenance could not be loaded."
          onRetry={() => void downtimes.refetch()}
        />
      ) : (
        <>
          <p className="text-sm font-medium">
            {current.length === 0
              ? 'Nothing in maintenance today.'
              : `In maintenance today: ${outOfStock} out of stock${warnings > 0 ? `, ${warnings} with a warning only` : ''}.`}
          </p>
          {open.length > 0 && (
            <ul className="divide-y rounded-lg border text-sm">
              {open.map((downtime) => (
                <li
                  key={downtime.id}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
                >
                  <DowntimeText downtime={downtime} />
                  {canEdit && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={end.isPending}
                      onClick={() =>
                        end.mutate(downtime.id, {
                          onSuccess: () => toast.success('Downtime ended.'),
                          onError: () => toast.error('The downtime could not be ended.'),
                        })
                      }
                    >
                      End now
                      <span className="sr-only">
                        : {DOWNTIME_REASON_LABELS[downtime.reason]},{' '}
                        {formatDowntimeSpan(downtime, locale)}
                      </span>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {ended.length > 0 && (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">
                {ended.length} ended
              </summary>
              <ul className="mt-2 grid gap-2">
                {ended.map((downtime) => (
                  <li key={downtime.id}>
                    <DowntimeText downtime={downtime} />
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      {canEdit && <DowntimeDialog product={product} open={opening} onOpenChange={setOpening} />}
    </FormSection>
  );
}

function DowntimeText({ downtime }: { downtime: Downtime }) {
  const { locale } = useAccountFormat();
  return (
    <span className="grid min-w-0 flex-1 gap-0.5">
      <span className="font-medium wrap-anywhere">
        {downtime.unitName ?? `${downtime.quantity} ${downtime.quantity === 1 ? 'unit' : 'units'}`}{' '}
        · {DOWNTIME_REASON_LABELS[downtime.reason]} · {downtime.hard ? 'Hard' : 'Soft'}
      </span>
      <span className="text-xs text-muted-foreground">{formatDowntimeSpan(downtime, locale)}</span>
      {downtime.note && <span className="text-xs wrap-anywhere">{downtime.note}</span>}
    </span>
  );
}
