import { Link } from '@tanstack/react-router';
import { Compass } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="grid min-h-[60svh] place-items-center px-6 py-16">
      <div className="flex max-w-md flex-col items-center text-center">
        <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary-ink">
          <Compass aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-6 text-sm font-semibold text-primary">404</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight">Page not found</h1>
        <p className="mt-3 text-muted-foreground">
          We couldn’t find the page you were looking for. It may have moved, or the link may be
          wrong.
        </p>
        <Button asChild className="mt-8">
          <Link to="/">Back to the dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
