import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { ImageUploadButton } from '@/components/image-upload-button';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { teamsQueryOptions } from '@/features/accounts/api/get-teams';
import { useRemoveAccountLogo } from '@/features/accounts/api/remove-account-logo';
import { useUploadAccountLogo } from '@/features/accounts/api/upload-account-logo';
import { ApiError } from '@/lib/api-client';

/** Why the server refused the file: its message for the field, or the error's own. */
function uploadProblem(error: Error): string {
  const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
  return fields?.file?.[0] ?? error.message;
}

/**
 * The account’s logo on Settings → Account and Website Settings (decision 0055): what it is now, "Upload logo" and
 * "Remove logo". Saved at once, apart from the form's Save: the logo is the teams list's (the
 * account switcher shows it), so every place that shows it changes together.
 */
export function AccountLogoField({ canEdit }: { canEdit: boolean }) {
  const { user } = useAuthenticatedSession();
  // The teams list's own query, as the switcher reads it (not `useActiveAccount`: sharing that
  // hook with this lazy page would split it out of the entry, a first-visit chunk of its own).
  const logo = useQuery({
    ...teamsQueryOptions,
    select: (teams) => teams.find((team) => team.id === user.accountId)?.logo ?? null,
  }).data;
  const upload = useUploadAccountLogo(user.accountId);
  const remove = useRemoveAccountLogo(user.accountId);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const onFile = (file: File) => {
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => toast.success('Logo uploaded.'),
      onError: (error) => setProblem(uploadProblem(error)),
    });
  };
  const onRemove = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => toast.success('Logo removed.'),
      onError: () => toast.error('The logo could not be removed.'),
    });
  };

  return (
    <fieldset
      aria-describedby={`${id}-description${problem ? ` ${id}-error` : ''}`}
      className="m-0 grid min-w-0 gap-2 border-0 p-0"
    >
      <legend className="mb-2 text-sm font-medium">Logo</legend>
      <div className="flex min-w-0 flex-wrap items-center gap-4">
        {logo ? (
          <img
            src={logo}
            alt="Current logo"
            className="size-16 shrink-0 rounded-md border bg-background object-contain"
          />
        ) : (
          <span className="grid size-16 shrink-0 place-items-center rounded-md border border-dashed text-center text-xs text-muted-foreground">
            No logo
          </span>
        )}
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <ImageUploadButton label="Upload logo" pending={upload.isPending} onFile={onFile} />
            {logo && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={remove.isPending}
                onClick={onRemove}
              >
                {remove.isPending ? <Spinner className="size-4" /> : <Trash2 aria-hidden="true" />}
                Remove logo
              </Button>
            )}
          </div>
        )}
      </div>
      <p id={`${id}-description`} className="text-sm text-muted-foreground">
        A JPEG, PNG or WebP image up to 10 MB, shown in the app, on your store, documents and
        e-mails. It is saved at once.
      </p>
      {problem && (
        <FieldError id={`${id}-error`} role="alert">
          {problem}
        </FieldError>
      )}
    </fieldset>
  );
}
