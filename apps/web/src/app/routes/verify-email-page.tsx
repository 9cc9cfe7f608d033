import { getRouteApi } from '@tanstack/react-router';
import { TentpoleWordmark } from '@/components/tentpole-wordmark';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { VerifyEmail } from '@/features/signup/components/verify-email';

const verifyEmailRoute = getRouteApi('/verify-email/$token');

export function VerifyEmailPage() {
  const { token } = verifyEmailRoute.useParams();
  return (
    <div className="relative isolate flex min-h-svh flex-col items-center justify-center overflow-hidden bg-brand-soft/60 px-4 py-12 sm:px-6">
      <main className="flex w-full max-w-sm flex-col items-center gap-8">
        <TentpoleWordmark />
        <Card className="w-full gap-6 shadow-lg shadow-primary/5">
          <CardHeader className="gap-2 text-center">
            <h1 className="text-xl leading-tight font-semibold tracking-tight">
              Confirm your e-mail
            </h1>
          </CardHeader>
          <CardContent>
            <VerifyEmail token={token} />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
