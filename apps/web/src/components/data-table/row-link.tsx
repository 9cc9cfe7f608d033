import { createLink } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

function StretchedAnchor({ className, ...props }: ComponentProps<'a'>) {
  return (
    <a
      className={cn(
        "font-medium outline-none after:absolute after:inset-0 after:content-[''] focus-visible:underline",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A data table row's link, typed like the router's Link: its ::after covers the whole row (the
 * row is `relative`), so the row is the click target and the link keeps its own text.
 */
export const RowLink = createLink(StretchedAnchor);
