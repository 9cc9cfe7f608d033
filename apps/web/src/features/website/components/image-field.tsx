import { ImageIcon, X } from 'lucide-react';
import { toast } from 'sonner';
import { ImageUploadButton } from '@/components/image-upload-button';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { useUploadWebsiteImage, websiteImageUrl } from '../api/upload-website-image';

type ImageFieldProps = {
  /** Names the image for screen readers ('Hero image'). */
  label: string;
  imageId: string | null;
  onUploaded: (image: { id: string; url: string }) => void;
  /** Takes the image away; without it, the image can only be replaced. */
  onRemove?: () => void;
  error?: string | undefined;
  readOnly: boolean;
};

/** An uploaded image's thumbnail, with Upload or Replace (and Remove where it is optional). */
export function ImageField({
  label,
  imageId,
  onUploaded,
  onRemove,
  error,
  readOnly,
}: ImageFieldProps) {
  const upload = useUploadWebsiteImage();
  const has = imageId !== null && imageId !== '';
  return (
    <fieldset className="m-0 grid min-w-0 gap-2 border-0 p-0">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div className="flex flex-wrap items-center gap-3">
        {has ? (
          <img
            src={websiteImageUrl(imageId)}
            alt=""
            className="h-16 w-24 rounded-md border bg-muted object-cover"
          />
        ) : (
          <span className="grid h-16 w-24 place-items-center rounded-md border bg-muted text-muted-foreground">
            <ImageIcon aria-hidden="true" className="size-5" />
          </span>
        )}
        {!readOnly && (
          <>
            <ImageUploadButton
              label={has ? 'Replace image' : 'Upload image'}
              pending={upload.isPending}
              onFile={(file) =>
                upload.mutate(file, {
                  onSuccess: onUploaded,
                  onError: () => toast.error(`${file.name} could not be uploaded.`),
                })
              }
            />
            {has && onRemove && (
              <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
                <X aria-hidden="true" />
                Remove image
              </Button>
            )}
          </>
        )}
        {readOnly && !has && <span className="text-sm text-muted-foreground">No image</span>}
      </div>
      {error && <FieldError>{error}</FieldError>}
    </fieldset>
  );
}
