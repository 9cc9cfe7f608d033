/**
 * What the server takes as an uploaded image to show back (product and category images, the
 * account's logo): JPEG, PNG or WebP, at most 10 MB. The browser checks a picked file against
 * these before sending it; the server checks again and decodes it to be sure. SVG is never
 * taken: it can carry script.
 */
export const IMAGE_UPLOAD_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
