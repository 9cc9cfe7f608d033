import { AlertCircle, Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import type { AutosaveStatus } from '../lib/draft-autosave';
import { DraftInvalidError } from '../lib/draft-errors';

/** Whether the fields marked on the page explain the failure (then a retry would not help). */
export function failedOnFields(error: unknown): boolean {
  return (
    error instanceof DraftInvalidError ||
    (error instanceof ApiError && error.code === 'validation_failed')
  );
}

/** The draft's saving, in words: Saving…, Saved, or what failed with a way to try again. */
export function SaveStatus({ status, onRetry }: { status: AutosaveStatus; onRetry: () => void }) {
  return (
    <p role="status" className="flex min-h-8 flex-wrap items-center gap-2 text-sm">
      {status.state === 'saving' ? (
        <>
          <Spinner className="size-4" />
          Saving…
        </>
      ) : status.state === 'saved' ? (
        <span className="flex items-center gap-1.5 text-muted-foreground">
          <Check aria-hidden="true" className="size-4" />
          Saved
        </span>
      ) : status.state === 'pending' ? (
        <span className="text-muted-foreground">Unsaved changes</span>
      ) : failedOnFields(status.error) ? (
        <span className="flex items-center gap-1.5 text-destructive">
          <AlertCircle aria-hidden="true" className="size-4" />
          Not saved: check the fields marked.
        </span>
      ) : (
        <>
          <span className="flex items-center gap-1.5 text-destructive">
            <AlertCircle aria-hidden="true" className="size-4" />
            Not saved.
          </span>
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </>
      )}
    </p>
  );
}
