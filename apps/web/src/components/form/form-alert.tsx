import { CircleAlert } from 'lucide-react';

/**
 * A form's error that belongs to no one field (a refused sign-in, a server that could not be
 * reached): announced at once, with an icon beside the words.
 */
export function FormAlert({ id, message }: { id?: string; message: string }) {
  return (
    <div
      id={id}
      role="alert"
      className="flex items-start gap-2.5 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
    >
      <CircleAlert aria-hidden="true" className="mt-px size-4 shrink-0" />
      <p>{message}</p>
    </div>
  );
}
