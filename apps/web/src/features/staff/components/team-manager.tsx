import {
  can,
  dateTimeFormat,
  formatPhone,
  type Invite,
  isOwner,
  type Member,
  ROLE_PRESETS,
  type RolePresetName,
} from '@tentpole/domain';
import { Ellipsis, Mail, MessageSquareText, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import { type MemberAction, useMemberAction } from '../api/change-member';
import { useTeam } from '../api/get-team';
import { useInviteAction } from '../api/invites';
import { AccessDialog } from './access-dialog';
import { InviteDialog } from './invite-dialog';

const when = (locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
const day = (locale: string) => dateTimeFormat(locale, { dateStyle: 'medium' });

function roleTitle(preset: RolePresetName | null) {
  return ROLE_PRESETS.find((p) => p.name === preset)?.title ?? 'Custom permissions';
}

function Badge({ tone, children }: { tone: 'good' | 'muted' | 'warn'; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone === 'good' &&
          'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
        tone === 'warn' && 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
        tone === 'muted' && 'bg-muted text-muted-foreground',
      )}
    >
      {children}
    </span>
  );
}

type TeamManagerProps = {
  /** The header's Invite was pressed. */
  inviting: boolean;
  onInvitingChange: (inviting: boolean) => void;
};

type Confirming = { member: Member; action: Exclude<MemberAction, 'reinstate'> } | null;

/** back-office spec §12: the account's members and invitations, and what changes them. */
export function TeamManager({ inviting, onInvitingChange }: TeamManagerProps) {
  const { user } = useAuthenticatedSession();
  const canEdit = can(user.roles, 'staff.others.write');
  const team = useTeam();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const members = team.data?.members ?? [];
  const invites = team.data?.invites ?? [];
  const editing = members.find((m) => m.userId === editingId) ?? null;
  // Only an owner hands out Owner (the server refuses it too).
  const unavailable = useMemo(
    () => new Set<RolePresetName>(isOwner(user.roles) ? [] : ['owner']),
    [user.roles],
  );
  const mayChange = (member: Member) => canEdit && (!member.owner || isOwner(user.roles));

  return (
    <div className="mx-auto grid max-w-5xl min-w-0 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Team</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Who works in this account and what each of them may do. The account always keeps at least
          one owner.
        </p>
      </div>
      {team.isPending ? (
        <LoadingRows label="Loading the team" rows={4} variant="cards" />
      ) : team.isError ? (
        <QueryError
          variant="panel"
          title="The team could not be loaded."
          description="Check your connection and try again."
          onRetry={() => void team.refetch()}
        />
      ) : (
        <>
          <section aria-labelledby="members-heading" className="grid gap-3">
            <h2 id="members-heading" className="text-lg font-semibold">
              Members <span className="text-muted-foreground">({members.length})</span>
            </h2>
            <ul className="grid gap-2">
              {members.map((member) => (
                <MemberRow
                  key={member.userId}
                  member={member}
                  canChange={mayChange(member)}
                  onEdit={() => setEditingId(member.userId)}
                  onConfirm={(action) => setConfirming({ member, action })}
                />
              ))}
            </ul>
          </section>
          <section aria-labelledby="invites-heading" className="grid gap-3">
            <h2 id="invites-heading" className="text-lg font-semibold">
              Invitations
            </h2>
            {invites.length === 0 ? (
              <StateMessage
                icon={<Users aria-hidden="true" />}
                title="No open invitations"
                description={
                  canEdit
                    ? 'Invite your crew by e-mail or by a text link; they choose their own password.'
                    : 'Invitations your team sends will show here.'
                }
                action={
                  canEdit && <Button onClick={() => onInvitingChange(true)}>Invite a member</Button>
                }
              />
            ) : (
              <ul className="grid gap-2">
                {invites.map((invite) => (
                  <InviteRow key={invite.id} invite={invite} canChange={canEdit} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {canEdit && (
        <>
          <InviteDialog
            open={inviting}
            onClose={() => onInvitingChange(false)}
            unavailable={unavailable}
          />
          <AccessDialog
            member={editing}
            onClose={() => setEditingId(null)}
            unavailable={unavailable}
          />
          <ConfirmDialog confirming={confirming} onClose={() => setConfirming(null)} />
        </>
      )}
    </div>
  );
}

type MemberRowProps = {
  member: Member;
  canChange: boolean;
  onEdit: () => void;
  onConfirm: (action: 'suspend' | 'remove') => void;
};

function MemberRow({ member, canChange, onEdit, onConfirm }: MemberRowProps) {
  const { locale } = useAccountFormat();
  const reinstate = useMemberAction();
  return (
    <li className="flex min-w-0 items-start gap-3 rounded-xl border bg-card p-4">
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium wrap-anywhere">{member.name}</span>
          {member.you && <span className="text-sm text-muted-foreground">(you)</span>}
        </p>
        <p className="text-sm text-muted-foreground wrap-anywhere">{member.email}</p>
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <Badge tone={member.owner ? 'good' : 'muted'}>{roleTitle(member.preset)}</Badge>
          {member.status === 'suspended' ? (
            <Badge tone="warn">Suspended</Badge>
          ) : (
            <Badge tone="good">Active</Badge>
          )}
          <span className="text-xs text-muted-foreground">
            {member.lastSignInAt
              ? `Last active ${when(locale).format(new Date(member.lastSignInAt))}`
              : 'Never signed in'}
          </span>
        </div>
        {member.preset === null && (
          <p className="text-xs text-muted-foreground wrap-anywhere">
            {member.permissions.join(', ')}
          </p>
        )}
      </div>
      {canChange && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Manage ${member.name}`}>
              {reinstate.isPending ? <Spinner /> : <Ellipsis aria-hidden="true" />}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={onEdit}>Change role</DropdownMenuItem>
            {!member.you &&
              (member.status === 'suspended' ? (
                <DropdownMenuItem
                  onSelect={() =>
                    reinstate.mutate(
                      { userId: member.userId, action: 'reinstate' },
                      {
                        onSuccess: () => toast.success(`${member.name} was reinstated`),
                        onError: (e) => toast.error(e.message),
                      },
                    )
                  }
                >
                  Reinstate
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem onSelect={() => onConfirm('suspend')}>Suspend</DropdownMenuItem>
              ))}
            <DropdownMenuItem
              className="text-destructive focus:text-destructive"
              onSelect={() => onConfirm('remove')}
            >
              {member.you ? 'Leave the team' : 'Remove from team'}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </li>
  );
}

function ConfirmDialog({ confirming, onClose }: { confirming: Confirming; onClose: () => void }) {
  const act = useMemberAction();
  const [error, setError] = useState<string | null>(null);
  const member = confirming?.member;
  const removing = confirming?.action === 'remove';
  return (
    <Dialog
      open={confirming !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
    >
      <DialogContent>
        {member && (
          <>
            <DialogHeader>
              <DialogTitle className="wrap-anywhere">
                {removing ? `Remove ${member.name}?` : `Suspend ${member.name}?`}
              </DialogTitle>
              <DialogDescription>
                {removing
                  ? 'They are signed out everywhere at once and can no longer use this account. Their past work stays.'
                  : 'They are signed out everywhere at once and cannot use this account until you reinstate them.'}
              </DialogDescription>
            </DialogHeader>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                disabled={act.isPending}
                onClick={() =>
                  act.mutate(
                    { userId: member.userId, action: confirming.action },
                    {
                      onSuccess: () => {
                        toast.success(
                          removing ? `${member.name} was removed` : `${member.name} was suspended`,
                        );
                        setError(null);
                        onClose();
                      },
                      onError: (e) => setError(e.message),
                    },
                  )
                }
              >
                {act.isPending && <Spinner />}
                {removing ? 'Remove' : 'Suspend'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function InviteRow({ invite, canChange }: { invite: Invite; canChange: boolean }) {
  const { locale } = useAccountFormat();
  const act = useInviteAction();
  const to = invite.email ?? formatPhone(invite.phoneNumber ?? '');
  const run = (action: 'resend' | 'revoke') =>
    act.mutate(
      { id: invite.id, action },
      {
        onSuccess: () =>
          toast.success(
            action === 'resend' ? `Invitation sent again to ${to}` : 'Invitation revoked',
          ),
        onError: (e) => toast.error(e.message),
      },
    );
  return (
    <li className="flex min-w-0 flex-wrap items-center gap-3 rounded-xl border bg-card p-4">
      {invite.via === 'email' ? (
        <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      ) : (
        <MessageSquareText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      )}
      <div className="grid min-w-0 flex-1 basis-48 gap-1">
        <p className="font-medium wrap-anywhere">{to}</p>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="muted">{roleTitle(invite.preset)}</Badge>
          {invite.status === 'expired' ? (
            <Badge tone="warn">Expired</Badge>
          ) : (
            <Badge tone="good">Invited</Badge>
          )}
          <span className="text-xs text-muted-foreground">
            {invite.status === 'expired'
              ? `Expired ${day(locale).format(new Date(invite.expiresAt))}`
              : `Sent ${day(locale).format(new Date(invite.sentAt))}${invite.invitedBy ? ` by ${invite.invitedBy}` : ''}, expires ${day(locale).format(new Date(invite.expiresAt))}`}
          </span>
        </div>
      </div>
      {canChange && (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={act.isPending}
            onClick={() => run('resend')}
            aria-label={`Resend the invitation to ${to}`}
          >
            Resend
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={act.isPending}
            onClick={() => run('revoke')}
            aria-label={`Revoke the invitation to ${to}`}
          >
            Revoke
          </Button>
        </div>
      )}
    </li>
  );
}
