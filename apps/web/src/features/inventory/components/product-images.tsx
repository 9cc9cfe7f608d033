import type { Product } from '@tentpole/domain';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ImageUploadButton } from '@/components/image-upload-button';
import { Button } from '@/components/ui/button';
import { useDeleteProductImage } from '../api/delete-product-image';
import { useUploadProductImage } from '../api/upload-product-image';
import { FormSection } from './form-section';

/** The product's photos: thumbnails, each opening the full image; upload and delete. */
export function ProductImages({ product, canEdit }: { product: Product; canEdit: boolean }) {
  const upload = useUploadProductImage();
  const remove = useDeleteProductImage();
  return (
    <FormSection
      title="Images"
      description="The first image is the product's picture in lists and the store."
      actions={
        canEdit && (
          <ImageUploadButton
            label="Upload image"
            pending={upload.isPending}
            onFile={(file) =>
              upload.mutate(
                { productId: product.id, file },
                {
                  onSuccess: () => toast.success('Image uploaded.'),
                  onError: (error) => toast.error(`The image was not uploaded: ${error.message}`),
                },
              )
            }
          />
        )
      }
    >
      {product.images.length === 0 ? (
        <p className="text-sm text-muted-foreground">No images yet.</p>
      ) : (
        <ul className="grid grid-cols-3 gap-3">
          {product.images.map((image, index) => (
            <li key={image.id} className="relative">
              <a
                href={image.url}
                target="_blank"
                rel="noreferrer"
                className="block rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <img
                  src={image.thumbnailUrl}
                  alt={`${product.name}, ${index + 1} of ${product.images.length}`}
                  loading="lazy"
                  className="aspect-square w-full rounded-md border object-cover"
                />
              </a>
              {canEdit && (
                <Button
                  type="button"
                  variant="secondary"
                  size="icon"
                  className="absolute top-1 right-1 size-7"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(
                      { productId: product.id, imageId: image.id },
                      {
                        onSuccess: () => toast.success('Image deleted.'),
                        onError: () => toast.error('The image could not be deleted.'),
                      },
                    )
                  }
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">Delete image {index + 1}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </FormSection>
  );
}
