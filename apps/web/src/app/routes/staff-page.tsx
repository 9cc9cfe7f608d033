import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { TeamManager } from '@/features/staff/components/team-manager';
import { PageHeaderActions } from '../shell/page-header-actions';

export function StaffPage() {
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <PageHeaderActions
        actionButton={{
          label: 'Invite',
          onClick: () => setInviting(true),
          permission: 'staff.others.write',
          icon: <UserPlus aria-hidden="true" />,
        }}
      />
      <TeamManager inviting={inviting} onInvitingChange={setInviting} />
    </>
  );
}
