import { cn } from '@/lib/cn';

/** Whether the coupon can be used now, in words (colour only adds to them). */
export function CouponStatusBadge({ active, className }: { active: boolean; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        active
          ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
          : 'bg-muted text-muted-foreground',
        className,
      )}
    >
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}
