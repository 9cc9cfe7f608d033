import { Ban } from 'lucide-react';
import { cn } from '@/lib/cn';

/** spec §4 Customer: a banned customer is marked wherever they appear. */
export function BannedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-semibold text-destructive ring-1 ring-destructive/25 ring-inset',
        className,
      )}
    >
      <Ban aria-hidden="true" className="size-3" />
      Banned
    </span>
  );
}
