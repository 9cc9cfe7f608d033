import { cn } from '@/lib/cn';
import { Spinner } from './ui/spinner';

type FullScreenSpinnerProps = {
  /** Fades in after a short delay, so a quick route change does not flicker. */
  delayed?: boolean;
};

/** spec §2 Shell: the spinner overlay shown while the session loads and during route changes. */
export function FullScreenSpinner({ delayed = false }: FullScreenSpinnerProps) {
  return (
    <div
      role="status"
      aria-label="Loading"
      aria-live="polite"
      className={cn(
        'fixed inset-0 z-50 grid place-items-center bg-background/70 backdrop-blur-[2px]',
        delayed && 'animate-delayed-fade-in',
      )}
    >
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
