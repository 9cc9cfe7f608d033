import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

type LoadingRowsProps = {
  /** What is loading, for screen readers ('Loading calls'). */
  label: string;
  rows?: number;
  /**
   * `divided`: rows ruled off inside a card (a panel's list); `cards`: each row its own card
   * (a page's list); `plain`: rows without borders (a tab's content).
   */
  variant?: 'divided' | 'cards' | 'plain';
  className?: string;
};

const WIDTHS = ['w-40', 'w-32', 'w-48', 'w-36'] as const;

/** A list's loading skeleton: an avatar and two lines a row, announced as loading. */
export function LoadingRows({ label, rows = 3, variant = 'divided', className }: LoadingRowsProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className={cn(
        variant === 'divided' && 'divide-y',
        variant === 'cards' && 'grid gap-2',
        variant === 'plain' && 'grid gap-3',
        className,
      )}
    >
      {Array.from({ length: rows }, (_, row) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
          key={row}
          className={cn(
            'flex items-center gap-3',
            variant === 'divided' && 'px-4 py-3',
            variant === 'cards' && 'rounded-lg border bg-card p-3',
          )}
        >
          <Skeleton
            className={cn('shrink-0 rounded-full', variant === 'divided' ? 'size-10' : 'size-8')}
          />
          <div className="grid flex-1 gap-2">
            <Skeleton className={cn('h-4 max-w-full', WIDTHS[row % WIDTHS.length])} />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
