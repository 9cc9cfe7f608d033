import { getRouteApi, Link } from '@tanstack/react-router';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { LoginForm } from '@/features/auth/components/login-form';
import { classifyAuthError } from '@/features/auth/lib/auth-error';
import { safeCallbackPath } from '@/features/auth/lib/safe-callback-path';

// The route is defined in ./login; its hooks are read through getRouteApi, so this chunk
// does not import the route tree.
const loginRoute = getRouteApi('/auth/login');

export function LoginPage() {
  const { callbackUrl, error } = loginRoute.useSearch();

  return (
    <AuthPageFrame
      title="Sign in to Tentpole"
      description="Welcome back. Your rentals, orders and customers await."
    >
      <LoginForm
        callbackPath={safeCallbackPath(callbackUrl)}
        initialError={error ? classifyAuthError(error, null) : null}
      />
      <p className="-mt-2 text-center text-sm">
        <Link
          to="/auth/forgot-password"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </p>
      <p className="text-center text-sm text-muted-foreground">
        New to Tentpole?{' '}
        <Link
          to="/auth/signup"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Create an account
        </Link>
      </p>
    </AuthPageFrame>
  );
}
