import { createTeamInputSchema, type Team } from '@tentpole/domain';
import { type FormEvent, useId, useState } from 'react';
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
import { useCreateTeam } from '../api/create-team';

type AddTeamDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the new account once it exists; the switcher then switches to it. */
  onCreated: (team: Team) => void;
};

function nameErrorOf(error: Error | null): string | null {
  if (error === null) return null;
  if (error instanceof ApiError) {
    return error.body?.error.fields?.name?.[0] ?? error.body?.error.message ?? error.message;
  }
  return 'Could not create the team. Please try again.';
}

/** 'Add team': names a new account, which the user then holds and works in. */
export function AddTeamDialog({ open, onOpenChange, onCreated }: AddTeamDialogProps) {
  const createTeam = useCreateTeam();
  const [localError, setLocalError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const error = localError ?? nameErrorOf(createTeam.error);

  function close(next: boolean) {
    if (!next) {
      createTeam.reset();
      setLocalError(null);
    }
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createTeamInputSchema.safeParse({
      name: String(new FormData(event.currentTarget).get('name') ?? ''),
    });
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message ?? 'Team name is required');
      return;
    }
    setLocalError(null);
    createTeam.mutate(parsed.data, {
      onSuccess: (team) => {
        close(false);
        onCreated(team);
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add team</DialogTitle>
          <DialogDescription>
            Start a new account of your own, on the Free plan. You will switch to it once it is
            created.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit} className="grid gap-5" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Team name</Label>
            <Input
              id={inputId}
              name="name"
              autoComplete="organization"
              placeholder="Acme Party Rentals"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={createTeam.isPending}>
              {createTeam.isPending && <Spinner />}
              Create team
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
