import { z } from 'zod';

/**
 * The account's logo (decision 0055): uploaded as an image (`image-upload.ts`), kept re-encoded
 * as WebP within ACCOUNT_LOGO_SIZE px, and shown by its address, which changes with every upload.
 */
export const ACCOUNT_LOGO_SIZE = 512;

/** What `POST` and `DELETE /api/account/logo` answer: the logo's address, or null for none. */
export const accountLogoResponseSchema = z.object({ logo: z.string().nullable() });
export type AccountLogoResponse = z.infer<typeof accountLogoResponseSchema>;
