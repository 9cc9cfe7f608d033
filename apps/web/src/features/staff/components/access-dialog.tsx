import { type Member, memberAccessSchema, type RolePresetName } from '@tentpole/domain';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useChangeMemberAccess } from '../api/change-member';
import { AccessPicker, type AccessValue, accessOf } from './access-picker';

type AccessDialogProps = {
  member: Member | null;
  onClose: () => void;
  unavailable: ReadonlySet<RolePresetName>;
};

/** Changes a member's role preset or custom permissions. */
export function AccessDialog({ member, onClose, unavailable }: AccessDialogProps) {
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
        {member && <AccessForm member={member} onClose={onClose} unavailable={unavailable} />}
      </DialogContent>
    </Dialog>
  );
}

function AccessForm({ member, onClose, unavailable }: AccessDialogProps & { member: Member }) {
  const [value, setValue] = useState<AccessValue>(() =>
    accessOf(member.preset, member.permissions),
  );
  const [error, setError] = useState<string | undefined>();
  const change = useChangeMemberAccess();
  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = memberAccessSchema.safeParse(value);
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        change.mutate(
          { userId: member.userId, access: value },
          {
            onSuccess: () => {
              toast.success(`${member.name}'s role was saved`);
              onClose();
            },
            onError: (failure) => {
              const message =
                failure instanceof ApiError
                  ? (failure.body?.error.fields?.permissions?.[0] ?? failure.message)
                  : 'The role could not be saved. Please try again.';
              setError(message);
            },
          },
        );
      }}
    >
      <DialogHeader>
        <DialogTitle className="wrap-anywhere">Change {member.name}'s role</DialogTitle>
        <DialogDescription>
          A preset is a named set of permissions; custom permissions can go past it.
        </DialogDescription>
      </DialogHeader>
      <AccessPicker
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(undefined);
        }}
        error={value.preset === 'custom' ? error : undefined}
        unavailable={unavailable}
      />
      {error && value.preset !== 'custom' && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending && <Spinner />}
          Save role
        </Button>
      </DialogFooter>
    </form>
  );
}
