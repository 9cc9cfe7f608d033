import type { ReactNode } from 'react';
import { TentpoleWordmark } from '@/components/tentpole-wordmark';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

type AuthPageFrameProps = {
  /** The page's heading (its h1). */
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of the pages a visitor sees before the back office (sign in, sign up, an
 * invitation, confirming an e-mail): the wordmark over one card, on the brand's wash.
 */
export function AuthPageFrame({ title, description, children }: AuthPageFrameProps) {
  return (
    <div className="relative isolate flex min-h-svh flex-col items-center justify-center overflow-hidden bg-brand-soft/60 px-4 py-12 sm:px-6">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(60rem_28rem_at_50%_-6rem,color-mix(in_oklch,var(--brand)_22%,transparent),transparent_70%)]"
      />
      <main className="flex w-full max-w-sm flex-col items-center gap-8">
        <TentpoleWordmark />
        <Card className="w-full gap-7 shadow-lg shadow-primary/5">
          <CardHeader className="gap-2 text-center">
            <h1 className="text-xl leading-tight font-semibold tracking-tight">{title}</h1>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent className="grid gap-5">{children}</CardContent>
        </Card>
      </main>
      <footer className="mt-10 text-center text-xs text-muted-foreground">
        Tentpole · the back office for party rentals
      </footer>
    </div>
  );
}
