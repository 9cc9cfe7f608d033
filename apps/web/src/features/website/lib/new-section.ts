import type { WebsiteSection, WebsiteSectionType } from '@tentpole/domain';

/** A section id the schema takes (letters, digits, dashes), unique enough within one page. */
export function newSectionId(taken: ReadonlySet<string> = new Set()): string {
  for (;;) {
    const id = crypto.randomUUID().slice(0, 8);
    if (!taken.has(id)) return id;
  }
}

/**
 * A section as "Add section" puts it on the page: empty where the owner must write, and on
 * where the store's default is on (the hero's booking search).
 */
export function newSection(type: WebsiteSectionType, id: string): WebsiteSection {
  switch (type) {
    case 'hero':
      return { id, type, heading: '', text: '', imageId: null, showBookingSearch: true };
    case 'booking_search':
      return { id, type, heading: 'When and where is your party?' };
    case 'category_grid':
      return { id, type, heading: '', categoryIds: [] };
    case 'product_grid':
      return { id, type, heading: '', productIds: [] };
    case 'text':
      return { id, type, heading: '', body: '' };
    case 'image':
      return { id, type, imageId: '', alt: '', caption: '' };
    case 'gallery':
      return { id, type, heading: '', images: [] };
    case 'faq':
      return {
        id,
        type,
        heading: 'Frequently asked questions',
        items: [{ question: '', answer: '' }],
      };
    case 'testimonials':
      return { id, type, heading: 'What our customers say', items: [{ quote: '', name: '' }] };
    case 'contact_form':
      return { id, type, heading: 'Contact us', text: '' };
  }
}
