import { z } from 'zod';

/** §4 "Documents": quote, contract and invoice, numbered by the order, kept as revisions. */
export const ORDER_DOCUMENT_KINDS = ['quote', 'contract', 'invoice'] as const;
export type OrderDocumentKind = (typeof ORDER_DOCUMENT_KINDS)[number];

/** POST /api/orders/{id}/documents */
export const documentInputSchema = z.object({
  kind: z.enum(ORDER_DOCUMENT_KINDS, { error: 'Choose quote, contract or invoice' }),
});

export const orderDocumentSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  status: z.string(),
  revision: z.number().int(),
  /** Where the PDF is; null for documents from before PDFs were kept. */
  pdfUrl: z.string().nullable(),
  sha256: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderDocument = z.output<typeof orderDocumentSchema>;
export const orderDocumentResponseSchema = z.object({ document: orderDocumentSchema });
export const orderDocumentListResponseSchema = z.object({
  documents: z.array(orderDocumentSchema),
});

/** POST /api/orders/{id}/link: the customer's order page. */
export const orderLinkResponseSchema = z.object({ url: z.string() });

/** GET /api/orders/{id}/photos: the setup site's photos the customer sent (§4). */
export const orderPhotoListResponseSchema = z.object({
  photos: z.array(
    z.object({
      id: z.string(),
      /** `site`: sent by the customer; `damage`: taken by staff of what came back broken. */
      kind: z.enum(['site', 'damage']).default('site'),
      createdAt: z.string(),
      url: z.string(),
      thumbnailUrl: z.string(),
    }),
  ),
});
export type OrderPhoto = z.output<typeof orderPhotoListResponseSchema>['photos'][number];
