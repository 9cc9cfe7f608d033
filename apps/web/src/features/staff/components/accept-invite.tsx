import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type AcceptInviteInput, acceptInviteSchema, type InvitePreview } from '@tentpole/domain';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import {
  NewPasswordField,
  SignInEmailField,
  YourNameField,
} from '@/components/form/new-sign-in-fields';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { useSignIn } from '@/features/auth/api/sign-in';
import { useUpdateSession } from '@/features/auth/api/update-session';
import { ApiError } from '@/lib/api-client';
import { useAcceptInvite, useInvitePreview, useJoinInvite } from '../api/invites';

/**
 * back-office spec §12: the invitee sets their name and password (a new Tentpole sign-in), or,
 * when signed in already, joins with that sign-in.
 */
export function AcceptInvite({ token }: { token: string }) {
  const preview = useInvitePreview(token);
  const session = useQuery(sessionQueryOptions);

  if (preview.isPending || session.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 text-sm">
        <Spinner /> Loading the invitation
      </p>
    );
  }
  if (preview.isError) {
    const gone = preview.error instanceof ApiError && preview.error.status === 404;
    return (
      <div role="alert" className="grid gap-3 text-center text-sm">
        <p className="font-medium">
          {gone ? 'This invitation is no longer valid.' : 'The invitation could not be loaded.'}
        </p>
        <p className="text-muted-foreground">
          {gone
            ? 'It was used, revoked or has expired. Ask whoever invited you for a new one.'
            : 'Check your connection and try again.'}
        </p>
        <Button asChild variant="outline">
          <a href="/auth/login">Go to sign in</a>
        </Button>
      </div>
    );
  }
  const invite = preview.data;
  return (
    <div className="grid gap-5">
      <p className="text-center text-sm wrap-anywhere">
        {invite.invitedBy ? `${invite.invitedBy} invited you to join ` : "You're invited to join "}
        <strong>{invite.accountName}</strong>.
      </p>
      {session.data ? (
        <JoinWithSignIn token={token} email={session.data.user.email} />
      ) : (
        <NewSignIn token={token} invite={invite} />
      )}
    </div>
  );
}

function JoinWithSignIn({ token, email }: { token: string; email: string }) {
  const join = useJoinInvite(token);
  const switchAccount = useUpdateSession();
  const navigate = useNavigate();
  return (
    <div className="grid gap-3">
      <Button
        disabled={join.isPending || switchAccount.isPending}
        onClick={() =>
          join.mutate(undefined, {
            onSuccess: async ({ accountId }) => {
              await switchAccount.mutateAsync({ accountId });
              await navigate({ to: '/' });
            },
          })
        }
      >
        {(join.isPending || switchAccount.isPending) && <Spinner />}
        Join as {email}
      </Button>
      {join.isError && (
        <p role="alert" className="text-sm text-destructive">
          {join.error.message}
        </p>
      )}
    </div>
  );
}

function NewSignIn({ token, invite }: { token: string; invite: InvitePreview }) {
  const accept = useAcceptInvite(token);
  const signIn = useSignIn();
  const navigate = useNavigate();
  const form = useForm<AcceptInviteInput>({
    resolver: zodResolver(acceptInviteSchema),
    defaultValues: { name: '', email: invite.email ?? '', password: '' },
  });
  const { errors } = form.formState;
  const busy = accept.isPending || signIn.isPending;
  const callbackUrl = `/invite/${token}`;

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        accept.mutate(values, {
          onSuccess: async ({ email }) => {
            await signIn.mutateAsync({ email, password: values.password, callbackUrl: '/' });
            await navigate({ to: '/' });
          },
          onError: (error) =>
            applyServerFieldErrors(error, form.setError, (key) =>
              key === 'name' || key === 'email' || key === 'password' ? key : null,
            ),
        }),
      )}
    >
      <YourNameField error={errors.name?.message} {...form.register('name')} />
      <SignInEmailField
        label="E-mail"
        readOnly={invite.email !== null}
        description={
          invite.email !== null ? 'The invitation is for this address.' : 'You sign in with it.'
        }
        error={errors.email?.message}
        {...form.register('email')}
      />
      <NewPasswordField error={errors.password?.message} {...form.register('password')} />
      {accept.isError && !(accept.error instanceof ApiError && accept.error.body?.error.fields) && (
        <p role="alert" className="text-sm text-destructive">
          {accept.error.message}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy && <Spinner />}
        Accept invitation
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have a Tentpole sign-in?{' '}
        <a
          className="font-medium text-primary underline-offset-4 hover:underline"
          href={`/auth/login?callbackUrl=${encodeURIComponent(callbackUrl)}`}
        >
          Sign in to join
        </a>
      </p>
    </form>
  );
}
