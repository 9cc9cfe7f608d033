import { Package } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A product's first image, small and square; a package icon when it has none. Decorative. */
export function ProductThumbnail({ url, className }: { url: string | null; className?: string }) {
  return url ? (
    <img
      src={url}
      alt=""
      loading="lazy"
      className={cn('size-10 shrink-0 rounded-md border object-cover', className)}
    />
  ) : (
    <span
      className={cn(
        'grid size-10 shrink-0 place-items-center rounded-md border bg-muted text-muted-foreground',
        className,
      )}
    >
      <Package aria-hidden="true" className="size-5" />
    </span>
  );
}
