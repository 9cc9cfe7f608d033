import { z } from 'zod';

/** The first-run checklist's steps, in the order a new business takes them. */
export const CHECKLIST_STEPS = ['products', 'hours', 'phone', 'team', 'store'] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

export const CHECKLIST_LABELS: Readonly<
  Record<ChecklistStep, { title: string; detail: string; action: string }>
> = {
  products: {
    title: 'Add products',
    detail: 'What you rent: bounce houses, tents, tables, with prices and photos.',
    action: 'Add a product',
  },
  hours: {
    title: 'Set your hours',
    detail: 'When you answer the phone, deliver and pick up.',
    action: 'Set hours',
  },
  phone: {
    title: 'Connect a phone number',
    detail: 'Take calls and texts from customers in Tentpole.',
    action: 'Connect a number',
  },
  team: {
    title: 'Invite your team',
    detail: 'Office staff, warehouse crew and drivers, each with their own sign-in.',
    action: 'Invite someone',
  },
  store: {
    title: 'Publish your store',
    detail: 'Let customers book online at your own address.',
    action: 'Publish the store',
  },
};

export const checklistSchema = z.object({
  /** Whether the checklist shows: an owner of an account that signed up, not dismissed. */
  show: z.boolean(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** The address the store is (or would be) published at: /s/{slug}. */
  storeSlug: z.string().nullable(),
  steps: z.array(z.object({ step: z.enum(CHECKLIST_STEPS), done: z.boolean() })),
});
export type Checklist = z.output<typeof checklistSchema>;
