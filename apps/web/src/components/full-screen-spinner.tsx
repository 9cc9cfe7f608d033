import { cn } from '@/lib/cn';
import { Spinner } from './ui/spinner';

type FullScreenSpinnerProps = {
  /** Fades in over 150 ms from the moment it mounts (no delay: spec §2 "from start"). */
  fadeIn?: boolean;
};

/** spec §2 Shell: the spinner overlay shown while the session loads and during route changes. */
export function FullScreenSpinner({ fadeIn = false }: FullScreenSpinnerProps) {
  return (
    <div
      role="status"
      aria-label="Loading"
      aria-live="polite"
      className={cn(
        'fixed inset-0 z-50 grid place-items-center bg-background/70 backdrop-blur-[2px]',
        fadeIn && 'animate-in-fade',
      )}
    >
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
