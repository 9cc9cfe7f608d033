import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import {
  type CreateWebsitePageInput,
  createWebsitePageSchema,
  WEBSITE_LIMITS,
} from '@tentpole/domain';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { TextField } from '@/components/form/text-field';
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
import { useCreateWebsitePage } from '../api/create-website-page';
import { slugOf } from '../lib/slug-of';

type AddPageDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The store's address ('/s/party-co'), to show where the page will be; null without one. */
  storePath: string | null;
};

/** "Add page": a title and an address; the new page opens in the editor. */
export function AddPageDialog({ open, onOpenChange, storePath }: AddPageDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Add page</DialogTitle>
          <DialogDescription>
            A new page starts as a draft. Shoppers see it once you publish it.
          </DialogDescription>
        </DialogHeader>
        {open && <AddPageForm storePath={storePath} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

type Values = CreateWebsitePageInput;
type Parsed = z.output<typeof createWebsitePageSchema>;

function AddPageForm({ storePath, onCancel }: { storePath: string | null; onCancel: () => void }) {
  const create = useCreateWebsitePage();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(createWebsitePageSchema),
    defaultValues: { title: '', slug: '' },
  });
  const slug = watch('slug');

  const submit = handleSubmit(async (input) => {
    try {
      const page = await create.mutateAsync(input);
      toast.success(`Page ${page.title} added.`);
      await navigate({ to: '/website/pages/$pageId', params: { pageId: page.id } });
    } catch (error) {
      const named = applyServerFieldErrors(
        error,
        setError,
        (key) => (key === 'title' || key === 'slug' ? key : null),
        { shouldFocus: true },
      );
      if (named.length === 0) toast.error('The page could not be added.');
    }
  });

  const title = register('title', {
    onChange: (event: { target: { value: string } }) => {
      // The address follows the title until it is typed in itself.
      if (!getFieldState('slug').isDirty) setValue('slug', slugOf(event.target.value));
    },
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        label="Title"
        maxLength={WEBSITE_LIMITS.pageTitle}
        autoComplete="off"
        error={errors.title?.message}
        {...title}
      />
      <TextField
        label="Address"
        autoComplete="off"
        spellCheck={false}
        description={
          <span className="wrap-anywhere">{`${storePath ?? '/s/your-store'}/pages/${slug || 'about-us'}`}</span>
        }
        error={errors.slug?.message}
        {...register('slug')}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          Add page
        </Button>
      </DialogFooter>
    </form>
  );
}
