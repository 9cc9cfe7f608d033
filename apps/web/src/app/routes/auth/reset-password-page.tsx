import { getRouteApi } from '@tanstack/react-router';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { ResetPasswordForm } from '@/features/password-reset/components/reset-password-form';

// The route is defined in ./reset-password; read through getRouteApi, so this chunk does not
// import the route tree.
const resetPasswordRoute = getRouteApi('/auth/reset-password/$token');

export function ResetPasswordPage() {
  const { token } = resetPasswordRoute.useParams();
  return (
    <AuthPageFrame
      title="Choose a new password"
      description="You will be signed in with it right away."
    >
      <ResetPasswordForm token={token} />
    </AuthPageFrame>
  );
}
