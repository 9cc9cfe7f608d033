import { TentpoleWordmark } from '@/components/tentpole-wordmark';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { SignUpForm } from '@/features/signup/components/sign-up-form';

export function SignUpPage() {
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
            <h1 className="text-xl leading-tight font-semibold tracking-tight">
              Create your Tentpole account
            </h1>
            <CardDescription>
              Orders, deliveries, calls and your online store, in one place.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <SignUpForm />
            <p className="text-center text-sm text-muted-foreground">
              Already have an account?{' '}
              <a
                className="font-medium text-primary underline-offset-4 hover:underline"
                href="/auth/login"
              >
                Sign in
              </a>
            </p>
          </CardContent>
        </Card>
      </main>
      <footer className="mt-10 text-center text-xs text-muted-foreground">
        Tentpole · the back office for party rentals
      </footer>
    </div>
  );
}
