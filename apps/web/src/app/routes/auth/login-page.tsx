import { getRouteApi, Link } from '@tanstack/react-router';
import { TentpoleWordmark } from '@/components/tentpole-wordmark';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoginForm } from '@/features/auth/components/login-form';
import { classifyAuthError } from '@/features/auth/lib/auth-error';
import { safeCallbackPath } from '@/features/auth/lib/safe-callback-path';

// The route is defined in ./login; its hooks are read through getRouteApi, so this chunk
// does not import the route tree.
const loginRoute = getRouteApi('/auth/login');

export function LoginPage() {
  const { callbackUrl, error } = loginRoute.useSearch();

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
              Sign in to Tentpole
            </h1>
            <CardDescription>
              Welcome back. Your rentals, orders and customers await.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <LoginForm
              callbackPath={safeCallbackPath(callbackUrl)}
              initialError={error ? classifyAuthError(error, null) : null}
            />
            <p className="mt-5 text-center text-sm text-muted-foreground">
              New to Tentpole?{' '}
              <Link
                to="/auth/signup"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Create an account
              </Link>
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
