import { z } from 'zod';

/**
 * back-office spec §10 and issue 20 item 4: the website builder. A site is the account's store
 * (/s/{slug}) plus pages made of sections. Staff edit a page's draft; publishing copies the
 * draft to what shoppers see. One schema serves the builder's forms, the API and the server's
 * renderer, so a section the server stores is always one the store can draw.
 */

export const WEBSITE_SECTION_TYPES = [
  'hero',
  'booking_search',
  'category_grid',
  'product_grid',
  'text',
  'image',
  'gallery',
  'faq',
  'testimonials',
  'contact_form',
] as const;
export type WebsiteSectionType = (typeof WEBSITE_SECTION_TYPES)[number];

/** The builder's names for each kind of section ("Add section" menu, the section's card). */
export const WEBSITE_SECTION_LABELS: Readonly<Record<WebsiteSectionType, string>> = {
  hero: 'Hero',
  booking_search: 'Booking search',
  category_grid: 'Category grid',
  product_grid: 'Product grid',
  text: 'Text',
  image: 'Image',
  gallery: 'Gallery',
  faq: 'FAQ',
  testimonials: 'Testimonials',
  contact_form: 'Contact form',
};

export const WEBSITE_LIMITS = {
  pages: 30,
  sectionsPerPage: 30,
  heading: 120,
  shortText: 300,
  body: 5000,
  alt: 200,
  buttonLabel: 40,
  listItems: 30,
  galleryImages: 24,
  gridItems: 24,
  seoTitle: 70,
  seoDescription: 160,
  pageTitle: 60,
} as const;

const text = (max: number, what: string) =>
  z.string().trim().max(max, `${what} must be at most ${max} characters`).default('');
const required = (max: number, what: string, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `${what} must be at most ${max} characters`);
const uuid = z.uuid('Choose an item from the list');
/** A website image's id (POST /api/website/images answers it), or none. */
const imageId = z.uuid('Upload the image again').nullable().default(null);
/** A section's stable id within its page, so the builder can keep focus and keys on reorder. */
const sectionId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'A section id is 1 to 40 letters, digits, dashes or underscores');

const heading = text(WEBSITE_LIMITS.heading, 'The heading');

export const heroSectionSchema = z.object({
  id: sectionId,
  type: z.literal('hero'),
  heading: required(WEBSITE_LIMITS.heading, 'The heading', 'Enter the heading'),
  text: text(WEBSITE_LIMITS.shortText, 'The text'),
  imageId,
  /** Shows "When and where is your party?" inside the hero. */
  showBookingSearch: z.boolean().default(true),
});

export const bookingSearchSectionSchema = z.object({
  id: sectionId,
  type: z.literal('booking_search'),
  heading,
});

export const categoryGridSectionSchema = z.object({
  id: sectionId,
  type: z.literal('category_grid'),
  heading,
  /** The categories to show, in order; none means every category the store has products in. */
  categoryIds: z.array(uuid).max(WEBSITE_LIMITS.gridItems).default([]),
});

export const productGridSectionSchema = z.object({
  id: sectionId,
  type: z.literal('product_grid'),
  heading,
  productIds: z
    .array(uuid)
    .min(1, 'Choose at least one product')
    .max(WEBSITE_LIMITS.gridItems, `Choose at most ${WEBSITE_LIMITS.gridItems} products`),
});

export const textSectionSchema = z.object({
  id: sectionId,
  type: z.literal('text'),
  heading,
  /** Plain text; a blank line starts a new paragraph. */
  body: required(WEBSITE_LIMITS.body, 'The text', 'Enter the text'),
});

export const imageSectionSchema = z.object({
  id: sectionId,
  type: z.literal('image'),
  imageId: z.uuid('Upload an image'),
  alt: text(WEBSITE_LIMITS.alt, 'The description'),
  caption: text(WEBSITE_LIMITS.shortText, 'The caption'),
});

export const gallerySectionSchema = z.object({
  id: sectionId,
  type: z.literal('gallery'),
  heading,
  images: z
    .array(
      z.object({
        imageId: z.uuid('Upload the image again'),
        alt: text(WEBSITE_LIMITS.alt, 'The description'),
      }),
    )
    .min(1, 'Add at least one image')
    .max(WEBSITE_LIMITS.galleryImages, `Add at most ${WEBSITE_LIMITS.galleryImages} images`),
});

export const faqSectionSchema = z.object({
  id: sectionId,
  type: z.literal('faq'),
  heading,
  items: z
    .array(
      z.object({
        question: required(WEBSITE_LIMITS.shortText, 'The question', 'Enter the question'),
        answer: required(WEBSITE_LIMITS.body, 'The answer', 'Enter the answer'),
      }),
    )
    .min(1, 'Add at least one question')
    .max(WEBSITE_LIMITS.listItems, `Add at most ${WEBSITE_LIMITS.listItems} questions`),
});

export const testimonialsSectionSchema = z.object({
  id: sectionId,
  type: z.literal('testimonials'),
  heading,
  items: z
    .array(
      z.object({
        quote: required(WEBSITE_LIMITS.body, 'The quote', 'Enter the quote'),
        name: text(WEBSITE_LIMITS.heading, 'The name'),
      }),
    )
    .min(1, 'Add at least one testimonial')
    .max(WEBSITE_LIMITS.listItems, `Add at most ${WEBSITE_LIMITS.listItems} testimonials`),
});

/** A form shoppers send; each message creates a lead (a customer with a note) and tells staff. */
export const contactFormSectionSchema = z.object({
  id: sectionId,
  type: z.literal('contact_form'),
  heading,
  text: text(WEBSITE_LIMITS.shortText, 'The text'),
});

export const websiteSectionSchema = z.discriminatedUnion('type', [
  heroSectionSchema,
  bookingSearchSectionSchema,
  categoryGridSectionSchema,
  productGridSectionSchema,
  textSectionSchema,
  imageSectionSchema,
  gallerySectionSchema,
  faqSectionSchema,
  testimonialsSectionSchema,
  contactFormSectionSchema,
]);
export type WebsiteSection = z.output<typeof websiteSectionSchema>;
export type WebsiteSectionInput = z.input<typeof websiteSectionSchema>;

/** A page's address under the store: /s/{store}/pages/{slug}. The home page has none. */
export const WEBSITE_PAGE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;
export const websitePageSlugSchema = z
  .string({ error: 'Enter the page address' })
  .trim()
  .toLowerCase()
  .regex(WEBSITE_PAGE_SLUG_PATTERN, 'Use 1 to 48 lower-case letters, digits and dashes');

/** POST /api/website/pages: a new, empty, unpublished page. */
export const createWebsitePageSchema = z.object({
  title: required(WEBSITE_LIMITS.pageTitle, 'The title', 'Enter the page title'),
  slug: websitePageSlugSchema,
});
export type CreateWebsitePageInput = z.input<typeof createWebsitePageSchema>;

/** PUT /api/website/pages/{id}: the page's draft (what publishing will show). */
export const saveWebsitePageSchema = z.object({
  title: required(WEBSITE_LIMITS.pageTitle, 'The title', 'Enter the page title'),
  /** Ignored for the home page, whose address is the store's. */
  slug: websitePageSlugSchema.optional(),
  seoTitle: text(WEBSITE_LIMITS.seoTitle, 'The search title'),
  seoDescription: text(WEBSITE_LIMITS.seoDescription, 'The search description'),
  sections: z
    .array(websiteSectionSchema)
    .max(
      WEBSITE_LIMITS.sectionsPerPage,
      `A page has at most ${WEBSITE_LIMITS.sectionsPerPage} sections`,
    )
    .refine((s) => new Set(s.map((x) => x.id)).size === s.length, 'Each section needs its own id'),
});
export type SaveWebsitePageInput = z.input<typeof saveWebsitePageSchema>;

/** PUT /api/website/pages/order: the pages' order in the store's menu (the home page first). */
export const orderWebsitePagesSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(WEBSITE_LIMITS.pages),
});

export const WEBSITE_PAGE_STATES = ['draft', 'published', 'changed'] as const;
/** draft: never published; published: live as saved; changed: live, with unpublished edits. */
export type WebsitePageState = (typeof WEBSITE_PAGE_STATES)[number];
export const WEBSITE_PAGE_STATE_LABELS: Readonly<Record<WebsitePageState, string>> = {
  draft: 'Draft',
  published: 'Published',
  changed: 'Unpublished changes',
};

const pageSummary = {
  id: z.uuid(),
  title: z.string(),
  /** null for the home page. */
  slug: z.string().nullable(),
  isHome: z.boolean(),
  state: z.enum(WEBSITE_PAGE_STATES),
  /** The page's public address (absolute path), whether or not it is published yet. */
  path: z.string(),
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
};

/** GET /api/website/pages: every page, home first, then in menu order. */
export const websitePagesResponseSchema = z.object({
  /** The store's address, or null while the store has none (Website Settings sets it). */
  storePath: z.string().nullable(),
  pages: z.array(z.object(pageSummary)),
});
export type WebsitePagesResponse = z.output<typeof websitePagesResponseSchema>;

/** GET/PUT /api/website/pages/{id}, POST .../publish: one page with its draft. */
export const websitePageResponseSchema = z.object({
  ...pageSummary,
  seoTitle: z.string(),
  seoDescription: z.string(),
  /** The draft's sections; the live page shows those last published. */
  sections: z.array(websiteSectionSchema),
});
export type WebsitePageResponse = z.output<typeof websitePageResponseSchema>;

/** POST /api/website/images: an uploaded image sections can show. */
export const websiteImageResponseSchema = z.object({
  id: z.uuid(),
  /** Where the store (and the builder's preview) loads it. */
  url: z.string(),
});
export type WebsiteImageResponse = z.output<typeof websiteImageResponseSchema>;

/** The contact form section's fields, as the store's form posts them. */
export const websiteContactSchema = z.object({
  name: required(100, 'Your name', 'Enter your name'),
  email: z.string().trim().max(200).pipe(z.email('Enter a valid e-mail address')),
  phone: text(30, 'The phone number'),
  message: required(2000, 'Your message', 'Enter your message'),
});
export type WebsiteContact = z.output<typeof websiteContactSchema>;
