import { Link } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type NotBuiltPageProps = {
  title: string;
  /** What the page will hold, in a sentence. */
  description: string;
  children?: ReactNode;
};

/** An honest page for a route in the navigation that a later release builds. */
export function NotBuiltPage({ title, description, children }: NotBuiltPageProps) {
  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <div className="grid place-items-center rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary-ink">
          <Construction aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-4 text-base font-semibold">Not built yet</p>
        <p className="mt-1 max-w-md text-sm text-muted-foreground">
          This part of Tentpole is still being built. {description}
        </p>
        {children}
        <Button asChild variant="outline" className="mt-6">
          <Link to="/">Back to the dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
