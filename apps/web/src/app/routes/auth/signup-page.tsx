import { AuthPageFrame } from '@/components/auth-page-frame';
import { SignUpForm } from '@/features/signup/components/sign-up-form';

export function SignUpPage() {
  return (
    <AuthPageFrame
      title="Create your Tentpole account"
      description="Orders, deliveries, calls and your online store, in one place."
    >
      <SignUpForm />
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <a
          className="font-medium text-primary underline-offset-4 hover:underline"
          href="/auth/login"
        >
          Sign in
        </a>
      </p>
    </AuthPageFrame>
  );
}
