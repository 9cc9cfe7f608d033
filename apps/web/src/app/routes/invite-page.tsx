import { getRouteApi } from '@tanstack/react-router';
import { TentpoleWordmark } from '@/components/tentpole-wordmark';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { AcceptInvite } from '@/features/staff/components/accept-invite';

const inviteRoute = getRouteApi('/invite/$token');

export function InvitePage() {
  const { token } = inviteRoute.useParams();
  return (
    <div className="relative isolate flex min-h-svh flex-col items-center justify-center overflow-hidden bg-brand-soft/60 px-4 py-12 sm:px-6">
      <main className="flex w-full max-w-sm flex-col items-center gap-8">
        <TentpoleWordmark />
        <Card className="w-full gap-6 shadow-lg shadow-primary/5">
          <CardHeader className="gap-2 text-center">
            <h1 className="text-xl leading-tight font-semibold tracking-tight">Join your team</h1>
            <CardDescription>Accept the invitation to start working in Tentpole.</CardDescription>
          </CardHeader>
          <CardContent>
            <AcceptInvite token={token} />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
