import { AuthPageFrame } from '@/components/auth-page-frame';
import { ForgotPasswordForm } from '@/features/password-reset/components/forgot-password-form';

export function ForgotPasswordPage() {
  return (
    <AuthPageFrame
      title="Reset your password"
      description="Enter the e-mail you sign in with and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
      <p className="text-center text-sm text-muted-foreground">
        Remembered it?{' '}
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
