import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useRef } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { SignInError, useSignIn } from '../api/sign-in';
import { type AuthErrorKind, authErrorMessages } from '../lib/auth-error';

type LoginFormProps = {
  /** A same-origin path to go to once signed in. */
  callbackPath: string;
  /** A failure reported on the page's url (`?error=SessionRequired`), shown until the next try. */
  initialError: AuthErrorKind | null;
};

function messageFor(error: Error): string {
  return error instanceof SignInError ? error.message : authErrorMessages.unknown;
}

export function LoginForm({ callbackPath, initialError }: LoginFormProps) {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const errorMessage = signIn.error
    ? messageFor(signIn.error)
    : signIn.isIdle && initialError
      ? authErrorMessages[initialError]
      : null;
  const credentialsRejected =
    signIn.error instanceof SignInError && signIn.error.kind === 'invalid-credentials';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate(
      {
        email: String(form.get('email') ?? '').trim(),
        password: String(form.get('password') ?? ''),
        callbackUrl: callbackPath,
      },
      {
        onSuccess: () => navigate({ href: callbackPath, replace: true }),
        onError: () => {
          if (passwordRef.current) {
            passwordRef.current.value = '';
            passwordRef.current.focus();
          }
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-5">
      {errorMessage && <FormAlert id={errorId} message={errorMessage} />}

      <div className="grid gap-2">
        <Label htmlFor="login-email">Email</Label>
        <Input
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          required
          placeholder="you@example.com"
          aria-invalid={credentialsRejected || undefined}
          aria-describedby={credentialsRejected ? errorId : undefined}
        />
      </div>

      <div className="grid gap-2">
        <Label htmlFor="login-password">Password</Label>
        <Input
          ref={passwordRef}
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={credentialsRejected || undefined}
          aria-describedby={credentialsRejected ? errorId : undefined}
        />
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending && <Spinner />}
        Sign in
      </Button>
    </form>
  );
}
