import { z } from 'zod';
import { isOwner } from '../staff/role-presets';

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

/** What the checklist reads from an account's data (each a yes or no the server looks up). */
export type ChecklistFacts = {
  /** The account started by signing up (it has an onboarding row). */
  signedUp: boolean;
  dismissed: boolean;
  emailVerified: boolean;
  /** The store's address, or the account's slug that publishing would give it. */
  storeSlug: string | null;
  activeProduct: boolean;
  /** Business hours saved; until then the account runs on the default hours. */
  hoursSaved: boolean;
  businessNumber: boolean;
  /** Someone other than this user is a member of the account. */
  otherMember: boolean;
  /** An invitation that is not revoked and is accepted or still open. */
  liveInvitation: boolean;
  /** The store's address is chosen, which is what puts the store live at /s/{slug}. */
  storeAddressChosen: boolean;
};

/** Which facts tick which step (decision 0065: from the account's data, never from a click). */
const STEP_DONE: Readonly<Record<ChecklistStep, (facts: ChecklistFacts) => boolean>> = {
  products: (facts) => facts.activeProduct,
  hours: (facts) => facts.hoursSaved,
  phone: (facts) => facts.businessNumber,
  team: (facts) => facts.otherMember || facts.liveInvitation,
  store: (facts) => facts.storeAddressChosen,
};

/**
 * The first-run checklist as `viewer` sees it: shown to an owner of an account that signed up
 * until someone dismisses it; each step ticked by its facts.
 */
export function checklistFrom(
  facts: ChecklistFacts,
  viewer: { email: string; roles: readonly string[] },
): Checklist {
  return {
    show: facts.signedUp && !facts.dismissed && isOwner(viewer.roles),
    email: viewer.email,
    emailVerified: facts.emailVerified,
    storeSlug: facts.storeSlug,
    steps: CHECKLIST_STEPS.map((step) => ({ step, done: STEP_DONE[step](facts) })),
  };
}
