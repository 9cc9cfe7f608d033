import { zodResolver } from '@hookform/resolvers/zod';
import { type PasswordResetRequest, passwordResetRequestSchema } from '@tentpole/domain';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { FormAlert } from '@/components/form/form-alert';
import { SignInEmailField } from '@/components/form/new-sign-in-fields';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';

const fieldOf = (key: string) => (key === 'email' ? ('email' as const) : null);

/**
 * "Forgot password?": the e-mail, then the same confirmation whether or not it has a sign-in
 * (the server never tells). The confirmation takes the focus, so a screen reader hears it.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const sent = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (request.isSuccess) sent.current?.focus();
  }, [request.isSuccess]);
  const failure = request.error;
  const shownApart =
    failure && !(failure instanceof ApiError && failure.body?.error.fields) ? failure : null;

  if (request.isSuccess) {
    return (
      <div
        ref={sent}
        tabIndex={-1}
        role="status"
        className="grid gap-4 text-center text-sm outline-none"
      >
        <MailCheck aria-hidden="true" className="mx-auto size-10 text-primary" />
        <p className="font-medium">{request.data.message}</p>
        <p className="text-muted-foreground">
          The link works once, for an hour. Nothing there? Check the spam folder, or try again.
        </p>
        <Button variant="outline" onClick={() => request.reset()}>
          Use another address
        </Button>
      </div>
    );
  }

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        request.mutate(values, {
          onError: (error) =>
            applyServerFieldErrors(error, form.setError, fieldOf, { shouldFocus: true }),
        }),
      )}
    >
      <SignInEmailField
        label="Email"
        description="The address you sign in with."
        autoFocus
        error={errors.email?.message}
        {...form.register('email')}
      />
      {shownApart && <FormAlert message={shownApart.message} />}
      <Button type="submit" size="lg" disabled={request.isPending} className="w-full">
        {request.isPending && <Spinner />}
        Send reset link
      </Button>
    </form>
  );
}
