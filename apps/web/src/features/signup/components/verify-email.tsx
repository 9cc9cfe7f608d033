import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { ApiError } from '@/lib/api-client';
import { useVerifyEmail } from '../api/signup';

/**
 * Uses the link as the page opens (once: a second use is refused by the server, so the effect
 * runs it once per token), then offers the way on: the checklist when signed in, else sign-in.
 */
export function VerifyEmail({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const session = useQuery(sessionQueryOptions);
  const sent = useRef<string | null>(null);
  const { mutate } = verify;
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  const next = session.data ? (
    <Button asChild size="lg" className="w-full">
      <a href="/">Go to your checklist</a>
    </Button>
  ) : (
    <Button asChild size="lg" className="w-full">
      <a href="/auth/login">Sign in</a>
    </Button>
  );

  if (verify.isSuccess) {
    return (
      <div role="status" className="grid gap-4 text-center text-sm">
        <CircleCheck aria-hidden="true" className="mx-auto size-10 text-emerald-600" />
        <p className="font-medium wrap-anywhere">{verify.data.email} is confirmed.</p>
        <p className="text-muted-foreground">Thanks. Your account is ready to set up.</p>
        {next}
      </div>
    );
  }
  if (verify.isError) {
    const gone = verify.error instanceof ApiError && verify.error.status < 500;
    return (
      <div role="alert" className="grid gap-3 text-center text-sm">
        <p className="font-medium">
          {gone ? 'This link is no longer valid.' : 'Your e-mail could not be confirmed.'}
        </p>
        <p className="text-muted-foreground">
          {gone
            ? 'It was used already, or a newer one was sent, or it expired. Sign in to ask for a new one.'
            : 'Check your connection and try again.'}
        </p>
        {gone ? (
          next
        ) : (
          <Button variant="outline" onClick={() => mutate(token)}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center justify-center gap-2 text-sm">
      <Spinner /> Confirming your e-mail
    </p>
  );
}
