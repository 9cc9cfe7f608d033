import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { StateMessage } from './state-message';

type QueryErrorProps = {
  /** What could not be loaded, as a sentence ('The call log could not be loaded.'). */
  title: string;
  description?: ReactNode;
  /** Runs the query again; without it, no button. */
  onRetry?: () => void;
  variant?: 'panel' | 'inline';
  className?: string;
};

/** A query that failed: says what is missing, with 'Try again' to fetch it again. */
export function QueryError({
  title,
  description,
  onRetry,
  variant = 'inline',
  className,
}: QueryErrorProps) {
  return (
    <StateMessage
      title={title}
      description={description}
      variant={variant}
      className={className}
      action={
        onRetry && (
          <Button
            variant="outline"
            size={variant === 'inline' ? 'sm' : 'default'}
            onClick={onRetry}
          >
            Try again
          </Button>
        )
      }
    />
  );
}
