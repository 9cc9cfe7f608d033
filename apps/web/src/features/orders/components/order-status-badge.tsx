import { orderStatusLabel } from '@tentpole/domain';
import { cn } from '@/lib/cn';

export const STATUS_TONES: Record<string, string> = {
  draft: 'bg-muted text-muted-foreground',
  quote: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  hold: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  reserved: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200',
  confirmed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  out: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  returned: 'bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-200',
  completed: 'bg-muted text-foreground',
  cancelled: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

/** An order's status in words (colour only adds to them). */
export function OrderStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STATUS_TONES[status] ?? STATUS_TONES.draft,
        className,
      )}
    >
      {orderStatusLabel(status)}
    </span>
  );
}
