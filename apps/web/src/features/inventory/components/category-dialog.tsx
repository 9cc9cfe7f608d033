import { zodResolver } from '@hookform/resolvers/zod';
import { type Category, categoryInputSchema } from '@tentpole/domain';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { ImageUploadButton } from '@/components/image-upload-button';
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
import { pickChanged } from '@/lib/pick-changed';
import { type CategoryInput, useCreateCategory, useUpdateCategory } from '../api/save-category';
import { useUploadCategoryImage } from '../api/upload-category-image';
import {
  type CategoryNode,
  categoryAndDescendants,
  flattenCategoryTree,
  indentedName,
} from '../lib/category-tree';

type ParsedCategory = z.output<typeof categoryInputSchema>;
const FIELDS = new Set(['name', 'parentId', 'description', 'showInStore']);

type CategoryDialogProps = {
  /** The category being edited, 'new' for a new one, null when closed. */
  category: Category | 'new' | null;
  tree: CategoryNode[];
  onClose: () => void;
};

/** Create or edit a category: name, parent, description, store visibility, image. */
export function CategoryDialog({ category, tree, onClose }: CategoryDialogProps) {
  const editing = category !== null && category !== 'new' ? category : undefined;
  return (
    <Dialog open={category !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit category' : 'New category'}</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {editing ? editing.name : 'Group products for your store and reports.'}
          </DialogDescription>
        </DialogHeader>
        {category !== null && <CategoryForm category={editing} tree={tree} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function CategoryForm({
  category,
  tree,
  onDone,
}: {
  category: Category | undefined;
  tree: CategoryNode[];
  onDone: () => void;
}) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const upload = useUploadCategoryImage();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<CategoryInput, unknown, ParsedCategory>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: {
      name: category?.name ?? '',
      parentId: category?.parentId ?? '',
      description: category?.description ?? '',
      showInStore: category?.showInStore ?? true,
    },
  });
  // A category cannot sit under itself or anything under it.
  const excluded = category ? categoryAndDescendants(tree, category.id) : new Set<string>();
  const parentOptions = flattenCategoryTree(tree)
    .filter((node) => !excluded.has(node.id))
    .map((node) => ({ value: node.id, label: indentedName(node) }));

  const submit = handleSubmit(async (input) => {
    try {
      if (category) {
        const changed = Object.keys(dirtyFields) as (keyof ParsedCategory)[];
        if (changed.length > 0)
          await update.mutateAsync({ id: category.id, patch: pickChanged(input, changed) });
      } else {
        await create.mutateAsync(input);
        toast.success(`${input.name} added.`);
      }
      onDone();
    } catch (error) {
      const named = applyServerFieldErrors(error, setError, (key) =>
        FIELDS.has(key) ? (key as keyof CategoryInput) : null,
      );
      if (named.length === 0) toast.error('The category could not be saved.');
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        label="Parent"
        placeholder="None (top level)"
        options={parentOptions}
        error={errors.parentId?.message}
        {...register('parentId', { setValueAs: (value: unknown) => value || null })}
      />
      <TextareaField
        label="Description"
        optional
        error={errors.description?.message}
        {...register('description')}
      />
      <SwitchField
        control={control}
        name="showInStore"
        label="Show in store"
        description="Customers see this category on your website."
      />
      {category && (
        <div className="flex flex-wrap items-center gap-3">
          {category.imageUrl ? (
            <img
              src={category.imageUrl}
              alt={category.name}
              className="size-16 rounded-md border object-cover"
            />
          ) : (
            <span className="text-sm text-muted-foreground">No image yet.</span>
          )}
          <ImageUploadButton
            label={category.imageUrl ? 'Replace image' : 'Upload image'}
            pending={upload.isPending}
            onFile={(file) =>
              upload.mutate(
                { categoryId: category.id, file },
                {
                  onSuccess: () => toast.success('Image uploaded.'),
                  onError: (error) => toast.error(`The image was not uploaded: ${error.message}`),
                },
              )
            }
          />
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          {category ? 'Save category' : 'Create category'}
        </Button>
      </DialogFooter>
    </form>
  );
}
