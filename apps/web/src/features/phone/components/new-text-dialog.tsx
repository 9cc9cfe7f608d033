import { zodResolver } from '@hookform/resolvers/zod';
import { createTextInputSchema, formatPhone, MESSAGE_BODY_MAX } from '@tentpole/domain';
import { SendHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useCreateText } from '../api/create-text';
import { sendTextErrorDetail, sendTextErrorMessage } from '../lib/send-text-error';

type NewTextValues = z.input<typeof createTextInputSchema>;
type NewTextOutput = z.output<typeof createTextInputSchema>;

type NewTextFormProps = {
  initialNumber: string;
  onSent: (conversationId: string) => void;
};

function NewTextForm({ initialNumber, onSent }: NewTextFormProps) {
  const ids = { number: useId(), numberError: useId(), body: useId(), bodyError: useId() };
  const create = useCreateText();
  const [failure, setFailure] = useState<{ message: string; detail: string | null } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewTextValues, unknown, NewTextOutput>({
    resolver: zodResolver(createTextInputSchema),
    defaultValues: {
      phoneNumber: formatPhone(initialNumber) || initialNumber,
      body: '',
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSent(await create.mutateAsync(values));
    } catch (error) {
      // spec §8: 403, any other 4xx, anything else.
      setFailure({ message: sendTextErrorMessage(error), detail: sendTextErrorDetail(error) });
    }
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={ids.number}>Phone Number</Label>
        <Input
          id={ids.number}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="(555) 010-0123"
          aria-invalid={errors.phoneNumber ? true : undefined}
          aria-describedby={errors.phoneNumber ? ids.numberError : undefined}
          {...register('phoneNumber')}
        />
        {errors.phoneNumber && (
          <p id={ids.numberError} className="text-sm font-medium text-destructive">
            {errors.phoneNumber.message}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.body}>Message</Label>
        <textarea
          id={ids.body}
          rows={4}
          maxLength={MESSAGE_BODY_MAX}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? ids.bodyError : undefined}
          className={cn(
            'min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground sm:text-sm',
            'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
            'aria-invalid:border-destructive',
          )}
          placeholder="Hi! Just checking in about your party rental…"
          {...register('body')}
        />
        {errors.body && (
          <p id={ids.bodyError} className="text-sm font-medium text-destructive">
            {errors.body.message}
          </p>
        )}
      </div>
      {failure && (
        <div role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm">
          <p className="font-medium text-destructive">{failure.message}</p>
          {failure.detail && <p className="mt-0.5 text-foreground/80">{failure.detail}</p>}
        </div>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : <SendHorizontal aria-hidden="true" />}
          Send text
        </Button>
      </DialogFooter>
    </form>
  );
}

type NewTextDialogProps = {
  open: boolean;
  /** Prefilled, as click-to-text from a customer's number gives it (E.164). */
  initialNumber: string;
  onOpenChange: (open: boolean) => void;
  onSent: (conversationId: string) => void;
};

/** spec §2 Phone area: the send-new-text action. Closing resets it (its form unmounts). */
export function NewTextDialog({ open, initialNumber, onOpenChange, onSent }: NewTextDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onOpenAutoFocus={(event) => {
          // With the number given, the message is what is left to write.
          if (!initialNumber) return;
          event.preventDefault();
          if (event.currentTarget instanceof HTMLElement) {
            event.currentTarget.querySelector('textarea')?.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>New text</DialogTitle>
          <DialogDescription>Text a customer from the business number.</DialogDescription>
        </DialogHeader>
        <NewTextForm initialNumber={initialNumber} onSent={onSent} />
      </DialogContent>
    </Dialog>
  );
}
