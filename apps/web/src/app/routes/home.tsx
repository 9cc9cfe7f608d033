import { createRoute } from '@tanstack/react-router';
import { planTitle } from '@tentpole/domain';
import { LogOut } from 'lucide-react';
import { TentpoleWordmark } from '@/components/tentpole-wordmark';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAccountOverview } from '@/features/accounts/api/get-account-overview';
import { AccountAvatar } from '@/features/accounts/components/account-avatar';
import { useActiveAccount } from '@/features/accounts/hooks/use-active-account';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useAuthenticatedSession } from '@/features/auth/components/authenticated-session';
import { rootRoute } from './root';

// A placeholder home until the dashboard lands: who is signed in, and in which account.
function HomePage() {
  const { user } = useAuthenticatedSession();
  const overview = useAccountOverview();
  const activeAccount = useActiveAccount(user.accountId);
  const signOut = useSignOut();

  const planLevel = overview.data?.plan.level || user.planLevel;
  const accountName = activeAccount.isPending
    ? 'Loading…'
    : (activeAccount.data?.name ?? 'Unknown account');

  return (
    <div className="min-h-svh bg-brand-soft/40">
      <header className="border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <TentpoleWordmark />
          <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {signOut.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
            Log out
          </Button>
        </div>
      </header>

      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Welcome back, {user.name}
          </h1>
          <p className="mt-1 text-muted-foreground">Here is the account you are working in.</p>
        </div>

        {signOut.isError && (
          <p role="alert" className="text-sm text-destructive">
            Could not log out. Please try again.
          </p>
        )}

        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Signed in as</CardTitle>
              <CardDescription>Your Tentpole user.</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm">
                <div className="grid gap-0.5">
                  <dt className="text-muted-foreground">Name</dt>
                  <dd className="font-medium">{user.name}</dd>
                </div>
                <div className="grid gap-0.5">
                  <dt className="text-muted-foreground">Email</dt>
                  <dd className="font-medium break-all">{user.email}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Active account</CardTitle>
              <CardDescription>The team whose data you see.</CardDescription>
            </CardHeader>
            <CardContent>
              <div className="flex items-center gap-4">
                <AccountAvatar
                  name={activeAccount.data?.name ?? ''}
                  logo={activeAccount.data?.logo ?? null}
                />
                <dl className="grid min-w-0 gap-3 text-sm">
                  <div className="grid gap-0.5">
                    <dt className="text-muted-foreground">Account</dt>
                    <dd className="truncate font-medium">{accountName}</dd>
                  </div>
                  <div className="grid gap-0.5">
                    <dt className="text-muted-foreground">Plan</dt>
                    <dd>
                      {overview.isPending ? (
                        'Loading…'
                      ) : (
                        <span className="inline-flex items-center rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary">
                          {planTitle(planLevel)}
                        </span>
                      )}
                    </dd>
                  </div>
                </dl>
              </div>
            </CardContent>
          </Card>
        </div>
      </main>
    </div>
  );
}

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: HomePage,
});
