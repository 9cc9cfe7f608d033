import { type ErrorComponentProps, Link, useMatch, useRouter } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useInstrumentation } from '@/app/providers/instrumentation-provider';
import { Button } from '@/components/ui/button';

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'An unexpected error.';
}

/**
 * A page that failed to load or to render (its loader threw, or a component in it did): it
 * says which page and what failed, and offers to try again or to go back to the dashboard.
 * The shell stays, so the rest of the app is a click away. It is every route's error
 * component (the router's default).
 */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { errors } = useInstrumentation();
  const title = useMatch({ strict: false, select: (match) => match.staticData.title });
  const [retrying, setRetrying] = useState(false);

  // A caught error is not seen by the global handlers: report it once.
  useEffect(() => {
    errors.captureException(error, { boundary: 'route' });
  }, [errors, error]);

  // Loading the page again (its loaders included) resets its error boundary.
  const retry = async () => {
    setRetrying(true);
    try {
      await router.invalidate();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <div role="alert" className="grid min-h-[60svh] place-items-center px-6 py-16">
      <div className="flex max-w-md flex-col items-center text-center">
        <span className="grid size-12 place-items-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight">
          {title ? `${title} could not be shown` : 'This page could not be shown'}
        </h1>
        <p className="mt-3 text-muted-foreground">
          Something went wrong while loading it. Try again, or go back to the dashboard.
        </p>
        <p className="mt-4 max-w-full rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs break-words text-muted-foreground">
          {messageOf(error)}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button onClick={() => void retry()} disabled={retrying}>
            Try again
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Back to the dashboard</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
