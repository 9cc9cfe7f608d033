import { Link } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * The one page a signed-in user sees on a page their roles do not grant (spec §6), whichever
 * page it is: the root shows it in the page's place, from the permission the route declares.
 */
export function NoAccessPage({ title }: { title?: string }) {
  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      {title && <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>}
      <div className="grid place-items-center rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary-ink">
          <Lock aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-4 text-base font-semibold">You do not have access to this page</p>
        <p className="mt-1 max-w-md text-sm text-muted-foreground">
          Ask an account owner for access if you need it.
        </p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/">Back to the dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
