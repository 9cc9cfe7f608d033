import { getRouteApi } from '@tanstack/react-router';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { AcceptInvite } from '@/features/staff/components/accept-invite';

const inviteRoute = getRouteApi('/invite/$token');

export function InvitePage() {
  const { token } = inviteRoute.useParams();
  return (
    <AuthPageFrame
      title="Join your team"
      description="Accept the invitation to start working in Tentpole."
    >
      <AcceptInvite token={token} />
    </AuthPageFrame>
  );
}
