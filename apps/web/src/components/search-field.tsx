import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

type SearchFieldProps = Omit<ComponentProps<typeof Input>, 'type'> & {
  /** Classes for the wrapper around the icon and the input, for its layout where it sits. */
  className?: string;
};

/** A search input with a magnifier at its start; give it an aria-label, as it has no label. */
export function SearchField({ className, ...props }: SearchFieldProps) {
  return (
    <div data-slot="search-field" className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" className="pl-8" {...props} />
    </div>
  );
}
