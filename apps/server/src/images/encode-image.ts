import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '@tentpole/domain';
import sharp from 'sharp';
import { AppError } from '../http/app-error.js';

/**
 * The image pipeline of uploads that are shown back (product and category images, the account's
 * logo): a JPEG, PNG or WebP of at most 10 MB (`IMAGE_UPLOAD_TYPES`), decoded, turned upright, resized and re-encoded
 * as WebP. Re-encoding drops EXIF (camera, location) and anything hidden in the file; the
 * decoded format is checked too, so an SVG or HEIC sent as `image/png` is refused, not rendered.
 */
const DECODED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** One output of an upload: the box it fits in (`inside`) or fills (`cover`), and its quality. */
export type ImageVariant = { size: number; fit: 'inside' | 'cover'; quality: number };

const invalid = (field: string, message: string) =>
  new AppError('validation_failed', 'Some fields are not valid.', { [field]: [message] });

/**
 * The upload re-encoded as WebP once per variant, or a 400 on `field` for a file that is not a
 * JPEG, PNG or WebP, is larger than 10 MB, or cannot be read.
 */
export async function encodeImage<K extends string>(
  file: File,
  variants: Record<K, ImageVariant>,
  field = 'file',
): Promise<Record<K, Buffer>> {
  if (!IMAGE_UPLOAD_TYPES.includes(file.type))
    throw invalid(field, 'Upload a JPEG, PNG or WebP image');
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) throw invalid(field, 'Images must be at most 10 MB');
  const unreadable = () => invalid(field, 'This file is not an image we can read');
  try {
    const image = sharp(Buffer.from(await file.arrayBuffer()), { limitInputPixels: 50_000_000 });
    const { format } = await image.metadata();
    if (!format || !DECODED_FORMATS.has(format)) throw unreadable();
    const upright = image.rotate();
    const out = {} as Record<K, Buffer>;
    for (const [name, variant] of Object.entries(variants) as [K, ImageVariant][]) {
      out[name] = await upright
        .clone()
        .resize(variant.size, variant.size, {
          fit: variant.fit,
          withoutEnlargement: variant.fit === 'inside',
        })
        .webp({ quality: variant.quality })
        .toBuffer();
    }
    return out;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}
