/** What the server takes as an image (back-office API: jpeg, png or webp, at most 10 MB). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Why a picked file cannot be uploaded, or null when it can: checked before it is sent. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return `${file.name} is not a JPEG, PNG or WebP image.`;
  if (file.size > IMAGE_MAX_BYTES) return `${file.name} is larger than 10 MB.`;
  return null;
}
