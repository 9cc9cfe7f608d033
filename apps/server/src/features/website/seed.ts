import { BOUNCE_KINGDOM, type WebsiteSection } from '@tentpole/domain';
import { accountIdByName } from '../accounts/queries.js';
import type { SeedContext } from '../feature.js';
import { storeProducts } from '../store/index.js';
import { websitePages } from './tables.js';

const ABOUT = `Bounce Kingdom started in 2014 with one castle and a borrowed trailer. Today our crew delivers bounce houses, water slides, tents and party extras all over Austin.

Every unit is cleaned and checked after each rental, and our crew sets it up, anchors it and shows you how it works. We carry full liability insurance.

Questions about your party? Call us or use the form below: a real person answers.`;

/**
 * The demo website: Bounce Kingdom's published home page (hero with the booking search, its
 * categories, a few favourites, questions and reviews) and an "About us" page in the menu.
 */
export async function seedWebsite({ db, now }: SeedContext): Promise<void> {
  const accountId = await accountIdByName(db, BOUNCE_KINGDOM);
  const favourites = (await storeProducts(db, accountId)).slice(0, 4).map((p) => p.id);
  const home: WebsiteSection[] = [
    {
      id: 'hero',
      type: 'hero',
      heading: 'Bounce houses and party rentals in Austin',
      text: 'Delivered, set up and picked up by our crew. Book online in a few minutes.',
      imageId: null,
      showBookingSearch: true,
    },
    { id: 'categories', type: 'category_grid', heading: 'What we rent', categoryIds: [] },
    ...(favourites.length
      ? [
          {
            id: 'favourites',
            type: 'product_grid' as const,
            heading: 'Party favourites',
            productIds: favourites,
          },
        ]
      : []),
    {
      id: 'faq',
      type: 'faq',
      heading: 'Questions we hear a lot',
      items: [
        {
          question: 'How much space does a bounce house need?',
          answer:
            'About 5 feet more than the unit on every side, on flat ground, and a power outlet within 100 feet.',
        },
        {
          question: 'What if it rains?',
          answer:
            'Cancel up to 24 hours before your party for a full refund, or move it to another day for free.',
        },
        {
          question: 'Do you set it up?',
          answer: 'Yes. Our crew delivers, sets up, anchors and picks up every rental.',
        },
      ],
    },
    {
      id: 'reviews',
      type: 'testimonials',
      heading: 'What parents say',
      items: [
        {
          quote: 'The crew showed up early, set everything up in 20 minutes and the kids loved it.',
          name: 'Maria G.',
        },
        { quote: 'Clean, safe and fun. We book them every birthday.', name: 'James T.' },
      ],
    },
    { id: 'book', type: 'booking_search', heading: 'Ready to book?' },
  ];
  const about: WebsiteSection[] = [
    { id: 'story', type: 'text', heading: 'Our story', body: ABOUT },
    {
      id: 'contact',
      type: 'contact_form',
      heading: 'Write to us',
      text: 'Tell us about your party and we will get back to you within a day.',
    },
  ];
  const published = (title: string, sections: WebsiteSection[]) => ({
    accountId,
    title,
    draftSections: sections,
    publishedSections: sections,
    publishedTitle: title,
    publishedSeoTitle: '',
    publishedSeoDescription: '',
    publishedAt: now,
  });
  await db.insert(websitePages).values([
    {
      ...published('Home', home),
      isHome: true,
      seoTitle: '',
      seoDescription: '',
    },
    { ...published('About us', about), slug: 'about', position: 1 },
  ]);
}
