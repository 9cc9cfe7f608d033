import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { passwordSchema } from '@tentpole/domain';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { FormAlert } from '@/components/form/form-alert';
import { NewPasswordField } from '@/components/form/new-sign-in-fields';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSignIn } from '@/features/auth/api/sign-in';
import { ApiError } from '@/lib/api-client';
import { useConfirmPasswordReset } from '../api/password-reset';

const formSchema = z.object({ password: passwordSchema });
type FormValues = z.output<typeof formSchema>;
const fieldOf = (key: string) => (key === 'password' ? ('password' as const) : null);

/** The server refused the link itself (unknown, expired, used or replaced), not the password. */
const linkRefused = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && Boolean(error.body?.error.fields?.token);

/**
 * The page of the link in the reset e-mail: a new password, then straight in with it (every
 * earlier session has ended). A link that no longer works says so, with the way to a new one.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;
  const gone = useRef<HTMLDivElement>(null);
  const refused = linkRefused(confirm.error);
  useEffect(() => {
    if (refused) gone.current?.focus();
  }, [refused]);

  if (refused) {
    return (
      <div
        ref={gone}
        tabIndex={-1}
        role="alert"
        className="grid gap-3 text-center text-sm outline-none"
      >
        <p className="font-medium">This reset link no longer works.</p>
        <p className="text-muted-foreground">
          It was used already, a newer one was sent, or its hour is over. Ask for a new one.
        </p>
        <Button asChild size="lg" className="w-full">
          <a href="/auth/forgot-password">Ask for a new link</a>
        </Button>
      </div>
    );
  }

  // Set, but the sign-in that follows failed: the password stands, the link is spent.
  if (confirm.isSuccess && signIn.isError) {
    return (
      <div role="status" className="grid gap-3 text-center text-sm">
        <p className="font-medium">Your new password is set.</p>
        <p className="text-muted-foreground">Sign in with it to carry on.</p>
        <Button asChild size="lg" className="w-full">
          <a href="/auth/login">Sign in</a>
        </Button>
      </div>
    );
  }

  const busy = confirm.isPending || signIn.isPending || confirm.isSuccess;
  const failure = confirm.error;
  const shownApart =
    failure && !(failure instanceof ApiError && failure.body?.error.fields) ? failure : null;

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={form.handleSubmit(({ password }) =>
        confirm.mutate(
          { token, password },
          {
            onSuccess: async ({ email }) => {
              await signIn.mutateAsync({ email, password, callbackUrl: '/' });
              await navigate({ to: '/', replace: true });
            },
            onError: (error) =>
              applyServerFieldErrors(error, form.setError, fieldOf, { shouldFocus: true }),
          },
        ),
      )}
    >
      <NewPasswordField
        label="New password"
        autoFocus
        error={errors.password?.message}
        {...form.register('password')}
      />
      {shownApart && <FormAlert message={shownApart.message} />}
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy && <Spinner />}
        Set new password
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        Setting it signs you out on every other device.
      </p>
    </form>
  );
}
