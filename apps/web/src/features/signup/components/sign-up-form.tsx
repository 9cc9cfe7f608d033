import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { SIGN_UP_TRIAL_DAYS, type SignUpInput, signUpInputSchema } from '@tentpole/domain';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { FormAlert } from '@/components/form/form-alert';
import {
  NewPasswordField,
  SignInEmailField,
  YourNameField,
} from '@/components/form/new-sign-in-fields';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSignIn } from '@/features/auth/api/sign-in';
import { ApiError } from '@/lib/api-client';
import { useSignUp } from '../api/signup';

const FIELDS = ['name', 'email', 'password', 'businessName'] as const;
const fieldOf = (key: string) =>
  (FIELDS as readonly string[]).includes(key) ? (key as (typeof FIELDS)[number]) : null;

/**
 * Issue 23 item 5: a new business creates its account (name, e-mail, password, business name),
 * is signed in with the same credentials and lands on the first-run checklist.
 */
export function SignUpForm() {
  const signUp = useSignUp();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpInputSchema),
    defaultValues: { name: '', email: '', password: '', businessName: '' },
  });
  const { errors } = form.formState;
  const busy = signUp.isPending || signIn.isPending;
  const failure = signUp.error ?? signIn.error;
  // Field errors show beside their field; anything else above the button.
  const shownApart =
    failure && !(failure instanceof ApiError && failure.body?.error.fields) ? failure : null;

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        signUp.mutate(values, {
          onSuccess: async ({ email }) => {
            await signIn.mutateAsync({ email, password: values.password, callbackUrl: '/' });
            await navigate({ to: '/', replace: true });
          },
          onError: (error) =>
            applyServerFieldErrors(error, form.setError, fieldOf, { shouldFocus: true }),
        }),
      )}
    >
      <YourNameField error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Business name"
        autoComplete="organization"
        description="You can change it later in Settings."
        error={errors.businessName?.message}
        {...form.register('businessName')}
      />
      <SignInEmailField
        label="Email"
        description="You sign in with it. We send a link to confirm it."
        error={errors.email?.message}
        {...form.register('email')}
      />
      <NewPasswordField error={errors.password?.message} {...form.register('password')} />
      {shownApart && <FormAlert message={shownApart.message} />}
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy && <Spinner />}
        Create account
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        Free for {SIGN_UP_TRIAL_DAYS} days on the Core plan. No card needed.
      </p>
    </form>
  );
}
