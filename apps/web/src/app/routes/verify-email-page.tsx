import { getRouteApi } from '@tanstack/react-router';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { VerifyEmail } from '@/features/signup/components/verify-email';

const verifyEmailRoute = getRouteApi('/verify-email/$token');

export function VerifyEmailPage() {
  const { token } = verifyEmailRoute.useParams();
  return (
    <AuthPageFrame title="Confirm your e-mail">
      <VerifyEmail token={token} />
    </AuthPageFrame>
  );
}
