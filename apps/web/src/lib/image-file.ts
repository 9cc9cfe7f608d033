import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '@tentpole/domain';

/** The file input's `accept`: the images the server takes (JPEG, PNG or WebP; never SVG). */
export const IMAGE_ACCEPT = IMAGE_UPLOAD_TYPES.join(',');

/** Why a picked file cannot be uploaded, or null when it can: checked before it is sent. */
export function imageFileProblem(file: File): string | null {
  if (!IMAGE_UPLOAD_TYPES.includes(file.type))
    return `${file.name} is not a JPEG, PNG or WebP image.`;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return `${file.name} is larger than 10 MB.`;
  return null;
}
