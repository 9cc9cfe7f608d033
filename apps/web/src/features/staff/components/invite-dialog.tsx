import { type InviteChannel, inviteInputSchema, type RolePresetName } from '@tentpole/domain';
import { useId, useState } from 'react';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useCreateInvite } from '../api/invites';
import { AccessPicker, type AccessValue } from './access-picker';

type InviteDialogProps = {
  open: boolean;
  onClose: () => void;
  unavailable: ReadonlySet<RolePresetName>;
};

/** Invites someone by e-mail or by a text link, with the role they will have. */
export function InviteDialog({ open, onClose, unavailable }: InviteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
        {open && <InviteForm onClose={onClose} unavailable={unavailable} />}
      </DialogContent>
    </Dialog>
  );
}

type Errors = Partial<Record<'email' | 'phoneNumber' | 'permissions' | 'form', string>>;

function InviteForm({ onClose, unavailable }: Omit<InviteDialogProps, 'open'>) {
  const [via, setVia] = useState<InviteChannel>('email');
  const [email, setEmail] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [access, setAccess] = useState<AccessValue>({ preset: 'office', permissions: [] });
  const [errors, setErrors] = useState<Errors>({});
  const invite = useCreateInvite();
  const ids = { via: useId(), address: useId(), error: useId() };
  const field = via === 'email' ? 'email' : 'phoneNumber';
  const fieldError = errors[field];

  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const input = { via, email, phoneNumber, ...access };
        const parsed = inviteInputSchema.safeParse(input);
        if (!parsed.success) {
          const next: Errors = {};
          for (const issue of parsed.error.issues) {
            const key = issue.path[0] as keyof Errors;
            next[key] ??= issue.message;
          }
          setErrors(next);
          return;
        }
        invite.mutate(input, {
          onSuccess: () => {
            toast.success(
              via === 'email' ? `Invitation e-mailed to ${email.trim()}` : 'Invitation link texted',
            );
            onClose();
          },
          onError: (failure) => {
            const fields = failure instanceof ApiError ? failure.body?.error.fields : undefined;
            setErrors({
              email: fields?.email?.[0],
              phoneNumber: fields?.phoneNumber?.[0],
              permissions: fields?.permissions?.[0],
              form:
                failure instanceof ApiError && !fields
                  ? failure.message
                  : fields
                    ? undefined
                    : 'The invitation could not be sent. Please try again.',
            });
          },
        });
      }}
    >
      <DialogHeader>
        <DialogTitle>Invite a team member</DialogTitle>
        <DialogDescription>
          They get a link that works once, for 7 days, to set their name and password or join with
          their Tentpole sign-in.
        </DialogDescription>
      </DialogHeader>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Send the invitation by</legend>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ['email', 'E-mail'],
              ['text', 'Text message'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-brand-soft/40"
            >
              <input
                type="radio"
                name={ids.via}
                className="size-4 accent-primary"
                checked={via === value}
                onChange={() => {
                  setVia(value);
                  setErrors({});
                }}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={ids.address}>{via === 'email' ? 'E-mail address' : 'Mobile number'}</Label>
        <Input
          id={ids.address}
          type={via === 'email' ? 'email' : 'tel'}
          autoComplete="off"
          value={via === 'email' ? email : phoneNumber}
          onChange={(event) => {
            if (via === 'email') setEmail(event.target.value);
            else setPhoneNumber(event.target.value);
            setErrors((e) => ({ ...e, [field]: undefined }));
          }}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? ids.error : undefined}
        />
        {fieldError && (
          <p id={ids.error} className="text-sm text-destructive">
            {fieldError}
          </p>
        )}
      </div>
      <AccessPicker
        value={access}
        onChange={(next) => {
          setAccess(next);
          setErrors((e) => ({ ...e, permissions: undefined }));
        }}
        error={errors.permissions}
        unavailable={unavailable}
      />
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending && <Spinner />}
          Send invitation
        </Button>
      </DialogFooter>
    </form>
  );
}
