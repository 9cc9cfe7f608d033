import { Link } from '@tanstack/react-router';
import type { MessageMedia } from '@tentpole/domain';
import { dateTimeFormat } from '@tentpole/domain';
import { ImagePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useCustomerOrders } from '@/features/customers/api/get-customer-orders';
import { useAccountFormat } from '@/lib/account-format';
import { useAddPictureToOrder } from '../api/picture-messages';

const DONE = new Set(['cancelled', 'completed']);
const day = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Issue 24 item 5: one click puts a picture the customer texted on one of their orders' site
 * photos (their next order first; a select when they have more than one open).
 */
export function AddPictureToOrder({
  media,
  customerId,
}: {
  media: MessageMedia;
  customerId: string;
}) {
  const { locale } = useAccountFormat();
  const orders = useCustomerOrders(media.orderId ? undefined : customerId);
  const add = useAddPictureToOrder();
  const selectId = useId();
  const open = (orders.data ?? [])
    .filter((o) => !DONE.has(o.status))
    .toSorted((a, b) => a.eventDate.localeCompare(b.eventDate));
  const [chosen, setChosen] = useState<string | null>(null);
  if (media.status !== 'stored') return null;
  if (media.orderId)
    return (
      <p className="text-xs text-muted-foreground">
        On the{' '}
        <Link to="/orders/$orderId" params={{ orderId: media.orderId }} className="underline">
          order's site photos
        </Link>
      </p>
    );
  if (open.length === 0) return null;
  const orderId = chosen ?? open[0]?.id ?? '';
  const only = open.length === 1 ? open[0] : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!only && (
        <>
          <label htmlFor={selectId} className="sr-only">
            Order for this picture
          </label>
          <div className="w-44 max-w-full">
            <NativeSelect
              id={selectId}
              value={orderId}
              onChange={(event) => setChosen(event.target.value)}
            >
              {open.map((o) => (
                <option key={o.id} value={o.id}>
                  #{o.number} · {day(locale).format(new Date(`${o.eventDate}T12:00:00Z`))}
                </option>
              ))}
            </NativeSelect>
          </div>
        </>
      )}
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="bg-background"
        disabled={add.isPending}
        onClick={() => add.mutate({ mediaId: media.id, orderId })}
      >
        {add.isPending ? <Spinner /> : <ImagePlus aria-hidden="true" />}
        {only ? `Add to order #${only.number}` : 'Add to order'}
      </Button>
    </div>
  );
}
