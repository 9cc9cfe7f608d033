import { z } from 'zod';

/**
 * A custom domain's host name (decision 0068): lower-case labels of letters, digits and inner
 * dashes, at least one dot, no scheme, path or port; at most 253 characters.
 */
export const storeDomainNameSchema = z
  .string({ error: 'Enter a domain such as rentals.example.com' })
  .trim()
  .toLowerCase()
  .max(253, 'At most 253 characters')
  .refine((v) => !/^[a-z][a-z0-9+.-]*:\/\//.test(v) && !/[/:?#@]/.test(v), {
    message: 'Enter only the domain, without https:// or a path (e.g. rentals.example.com)',
    abort: true,
  })
  .refine(
    (v) =>
      /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(
        v,
      ),
    'Enter a domain such as rentals.example.com',
  );
export const storeDomainInputSchema = z.object({ domain: storeDomainNameSchema });
export type StoreDomainInput = z.input<typeof storeDomainInputSchema>;

/** The account's custom domain: pending until its TXT record is found, then verified. */
export const storeDomainSchema = z.object({
  domain: z.string(),
  status: z.enum(['pending', 'verified']),
  /** The CNAME to add: the domain points at the app's host. */
  cnameTarget: z.string(),
  /** The TXT record to add: `_tentpole.<domain>` holding the token. */
  txtName: z.string(),
  txtValue: z.string(),
  verifiedAt: z.string().nullable(),
});
export type StoreDomain = z.output<typeof storeDomainSchema>;
export const storeDomainResponseSchema = z.object({ domain: storeDomainSchema.nullable() });
